import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { MemoryStateStore, type ElicitorApp, type ElicitorOptions } from 'elicitor';
import { startHttpApp } from '../../support/transports.js';
import { DeployTools, resetDeployEffects } from '../deploy-task.fixture.js';

const run = promisify(execFile);

/** The official Tasks client (`@modelcontextprotocol/ext-tasks`) as a program: on 2026-07-28, and on 2025-11-25. */
export const TASKS_CLIENT = {
  modern: 'test/fixtures/tasks-client/dist/main.js',
  legacy: 'test/fixtures/tasks-client/dist/legacy-main.js',
} as const;

/** The same 2025-11-25 client calling again and again, each call on a new session of its own. */
const FRESH_SESSIONS_CLIENT = 'test/fixtures/tasks-client/dist/legacy-fresh-sessions-main.js';

/** What the client program prints when its task ends; the 2025-11-25 client adds what the session heard. */
export interface TasksClientReport {
  taskId?: string;
  status: string;
  asked: string[];
  relatedTasks: string[];
  statuses: string[];
  result?: unknown;
  error?: string;
}

/** The client's answers to the deployer's `deploy`: approve the plan, then give a release note. */
export const DEPLOY_ANSWERS = {
  'Release note': { action: 'accept', content: { note: 'shipped' } },
  default: { action: 'accept', content: { ok: true } },
};

/** One run of the client program as its own Node process against `target` (a URL, or `stdio:<script>`). */
export async function runTasksClient(
  era: keyof typeof TASKS_CLIENT,
  call: { target: string; tool: string; args: object; answers: object; cancelAfterMs?: number | undefined },
): Promise<TasksClientReport> {
  const argv = [
    TASKS_CLIENT[era],
    call.target,
    call.tool,
    JSON.stringify(call.args),
    JSON.stringify(call.answers),
  ];
  if (call.cancelAfterMs !== undefined) argv.push(String(call.cancelAfterMs));
  const { stdout } = await run(process.execPath, argv, { timeout: 20_000 });
  return JSON.parse(stdout) as TasksClientReport;
}

/** What each call of the fresh-session client ended with, and the questions it was asked. */
export interface FreshSessionCallReport {
  status: string;
  asked: string[];
  result?: unknown;
  error?: string;
}

/** `count` task calls of `tool` on the 2025-11-25 wire at `url`, one after another, each on a new session. */
export async function runTasksOnFreshSessions(call: {
  url: string;
  tool: string;
  args: object;
  answers: object;
  count: number;
  timeoutMs: number;
}): Promise<FreshSessionCallReport[]> {
  const argv = [
    FRESH_SESSIONS_CLIENT,
    call.url,
    call.tool,
    JSON.stringify(call.args),
    JSON.stringify(call.answers),
    String(call.count),
  ];
  const { stdout } = await run(process.execPath, argv, { timeout: call.timeoutMs });
  return (JSON.parse(stdout) as { calls: FreshSessionCallReport[] }).calls;
}

/** An app serving task tools over HTTP, polled every 20 ms so the specs stay quick. */
export function startTasksApp(
  tools: ElicitorOptions['tools'] = [DeployTools],
  name = 'deployer',
): Promise<{ app: ElicitorApp; url: string }> {
  return startHttpApp({ name, version: '1', tools, tasks: { pollIntervalMs: 20 } });
}

/**
 * Serves the deployer over HTTP to the specs of the calling `describe`: started before them, closed after
 * them, its effects reset before each. Read `url` inside a spec.
 */
export function serveDeployer(): { readonly url: string } {
  const served = { url: '', app: undefined as ElicitorApp | undefined };
  beforeAll(async () => {
    ({ app: served.app, url: served.url } = await startTasksApp());
  });
  afterAll(() => served.app?.close());
  beforeEach(() => resetDeployEffects());
  return served;
}

/** The options two replicas of the deployer share in one process: one store and one keyring. */
export function deployerReplicaOptions(secret: string) {
  return {
    name: 'deployer',
    version: '1',
    tools: [DeployTools],
    store: new MemoryStateStore(),
    requestState: { keys: [secret] },
    tasks: { pollIntervalMs: 20 },
  };
}
