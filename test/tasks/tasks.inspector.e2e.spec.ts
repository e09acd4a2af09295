import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describeWhen } from '../support/test-requirements.js';

const run = promisify(execFile);
const DEPLOY_APPROVAL = 'samples/deploy-approval/dist/main.js';
// Installing the Inspector and a Node >= 22 takes a while the first time: CI opts in.
const describeWithInspector = describeWhen('inspector');

/** One Inspector CLI run against the sample over stdio; its JSON output. */
async function inspect(era: string, args: string[]): Promise<Record<string, unknown>> {
  const target = [process.execPath, DEPLOY_APPROVAL, '--stdio', '--protocol-era', era];
  const { stdout } = await run(
    'bash',
    ['scripts/inspector.sh', '--cli', ...target, ...args, '--format', 'json', '-q'],
    { timeout: 120_000 },
  );
  return JSON.parse(stdout) as Record<string, unknown>;
}

describeWithInspector('the MCP Inspector (CLI) and a task tool', () => {
  const SLOW = 180_000;

  it(
    'lists the task tool on 2026-07-28',
    async () => {
      // The Inspector's client keeps only the fields its 2026-07-28 Tool schema knows: no `execution`.
      const listed = await inspect('modern', ['--method', 'tools/list']);
      const tools = (listed.result as { tools: Array<{ name: string }> }).tools;
      expect(tools.map((tool) => tool.name)).toContain('request_deploy');
    },
    SLOW,
  );

  it(
    'lists it on 2025-11-25 with its execution.taskSupport',
    async () => {
      // The Inspector CLI cannot run a task on either era: one request per process, each a new session
      // (which owns its tasks when anonymous), and no option puts `task` into tools/call's params. So the
      // test stops at the listing; the official Tasks client runs the tasks (tasks.*official-client*.e2e).
      const listed = await inspect('legacy', ['--method', 'tools/list']);
      const tools = (listed.result as { tools: Array<{ name: string; execution?: unknown }> }).tools;
      const tool = tools.find((entry) => entry.name === 'request_deploy');
      expect(tool?.execution).toStrictEqual({ taskSupport: 'optional' });
      expect(tools.find((entry) => entry.name === 'pending_approvals')?.execution).toBeUndefined();
    },
    SLOW,
  );
});
