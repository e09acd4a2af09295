import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { ElicitorApp } from 'elicitor';
import { startHttpApp, textOf } from '../support/transports.js';
import { DeployTools, deployEffects, resetDeployEffects } from './deploy-task.fixture.js';

const CLIENT = 'test/fixtures/tasks-client/dist/main.js';
const run = promisify(execFile);

interface Report {
  status: string;
  asked: string[];
  result?: unknown;
  error?: string;
}

/**
 * The official client on 2026-07-28: `@modelcontextprotocol/ext-tasks` on `@modelcontextprotocol/client`, run
 * as its own Node process (a program of its own, as users run it), against a server in this process.
 */
describe('the official Tasks client (@modelcontextprotocol/ext-tasks) on 2026-07-28', () => {
  let app: ElicitorApp;
  let url: string;

  beforeAll(async () => {
    ({ app, url } = await startHttpApp({
      name: 'deployer',
      version: '1',
      tools: [DeployTools],
      tasks: { pollIntervalMs: 20 },
    }));
  });
  afterAll(() => app.close());
  beforeEach(() => resetDeployEffects());

  const callAsTask = async (tool: string, args: object, answers: object, cancelAfterMs?: number) => {
    const argv = [CLIENT, url, tool, JSON.stringify(args), JSON.stringify(answers)];
    if (cancelAfterMs !== undefined) argv.push(String(cancelAfterMs));
    const { stdout } = await run(process.execPath, argv, { timeout: 20_000 });
    return JSON.parse(stdout) as Report;
  };

  it('runs a task that asks two questions through input_required to completion', async () => {
    const report = await callAsTask(
      'deploy',
      { service: 'api' },
      {
        'Release note': { action: 'accept', content: { note: 'shipped' } },
        default: { action: 'accept', content: { ok: true } },
      },
    );
    expect(report.status).toBe('completed');
    expect(textOf(report.result)).toBe('api deployed as release-1: shipped');
    expect(report.asked).toStrictEqual(['Deploy api with plan-1?', 'Release note']);
    expect(deployEffects).toStrictEqual({ plans: 1, deploys: 1, announcements: 1 });
  });

  it('reports a task that failed with a JSON-RPC error', async () => {
    const report = await callAsTask('rollback', { service: 'api' }, {});
    expect(report.status).toBe('failed');
    expect(report.error).toMatch(/service/);
    expect(deployEffects.deploys).toBe(0);
  });

  it('cancels a running task', async () => {
    const report = await callAsTask('wait', {}, {}, 200);
    expect(report.status).toBe('cancelled');
  });
});
