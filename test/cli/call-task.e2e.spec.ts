import 'reflect-metadata';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ElicitorApp } from 'elicitor';
import { CallAction, type CallActionOptions } from '../../src/cli/actions/call.action.js';
import { CapturedOutput } from '../../src/cli/shared/cli-output.js';
import { SilentSpinner } from '../../src/cli/shared/terminal-spinner.js';
import { startHttpApp } from '../support/transports.js';
import { DeployTools, deployEffects, resetDeployEffects } from '../tasks/deploy-task.fixture.js';

const workDir = mkdtempSync(join(tmpdir(), 'elicitor-call-task-'));

async function call(options: Partial<CallActionOptions> & { server: string; tool: string }) {
  const output = new CapturedOutput();
  const action = new CallAction({
    output,
    spinner: new SilentSpinner(),
    prompts: () => {
      throw new Error('this spec answers from a file');
    },
    interactive: false,
    clientVersion: '0.0.0-test',
  });
  const exitCode = await action.handle({ era: 'auto', timeout: 30, header: [], json: false, ...options });
  return { exitCode, output };
}

describe('elicitor call --task', () => {
  let app: ElicitorApp;
  let url: string;
  const answers = join(workDir, 'deploy.json');

  beforeAll(async () => {
    ({ app, url } = await startHttpApp({
      name: 'deployer',
      version: '1',
      tools: [DeployTools],
      tasks: { pollIntervalMs: 100 },
    }));
    writeFileSync(answers, JSON.stringify({ byField: { ok: true, note: 'from the terminal' } }));
  });
  afterAll(() => app.close());
  beforeEach(() => resetDeployEffects());

  it('runs a tool as a task, answering its questions, and prints its result', async () => {
    const { exitCode, output } = await call({
      server: url,
      tool: 'deploy',
      args: '{"service":"api"}',
      answers,
      task: true,
    });
    expect(exitCode).toBe(0);
    expect(output.errLines[0]).toMatch(/^Task [A-Za-z0-9_-]{22} \(resume with --resume [A-Za-z0-9_-]{22}\)$/);
    expect(output.outLines).toContain('    -> accept {"ok":true}  (byField)');
    expect(output.outLines).toContain('api deployed as release-1: from the terminal');
    expect(deployEffects).toStrictEqual({ plans: 1, deploys: 1, announcements: 1 });
  });

  it('resumes a task by id', async () => {
    const created = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'deploy',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: {
          name: 'deploy',
          arguments: { service: 'db' },
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': {
              elicitation: { form: {} },
              extensions: { 'io.modelcontextprotocol/tasks': {} },
            },
          },
        },
      }),
    });
    const { taskId } = ((await created.json()) as { result: { taskId: string } }).result;
    const { exitCode, output } = await call({ server: url, tool: 'deploy', answers, resume: taskId });
    expect(exitCode).toBe(0);
    expect(output.outLines).toContain('db deployed as release-1: from the terminal');
  });

  it('refuses a tool that answers without a task', async () => {
    await expect(call({ server: url, tool: 'nothing_here', task: true })).rejects.toThrow(
      /tools\/call failed/,
    );
  });
});

describe('elicitor call --task over stdio (2026-07-28)', () => {
  const stdioServer = `${JSON.stringify(process.execPath)} samples/conformance/dist/main.js --stdio`;
  const answers = join(workDir, 'stdio.json');

  beforeAll(() => {
    writeFileSync(answers, JSON.stringify({ byField: { confirm: true, name: 'Alice' } }));
  });

  it('starts the server, runs the tool as a task, answers its question and prints its result', async () => {
    const { exitCode, output } = await call({
      server: stdioServer,
      tool: 'confirm_delete',
      args: '{"filename":"notes.txt"}',
      answers,
      task: true,
    });
    expect(exitCode).toBe(0);
    expect(output.errLines[0]).toMatch(/^Task [A-Za-z0-9_-]{22} \(resume with --resume [A-Za-z0-9_-]{22}\)$/);
    expect(output.outLines).toContain('    -> accept {"confirm":true}  (byField)');
    expect(output.outLines).toContain('Deleted notes.txt');
  });

  it('answers what a per-call tool asks before its task exists, then follows the task', async () => {
    const { exitCode, output } = await call({
      server: stdioServer,
      tool: 'test_tool_with_task',
      answers,
      task: true,
    });
    expect(exitCode).toBe(0);
    expect(output.outLines).toContain('    -> accept {"name":"Alice"}  (byField)');
    expect(output.outLines).toContain('Hello, Alice!');
  });

  it('passes over a line on stdout that is not JSON-RPC', async () => {
    // The server prints a JSON line that is not JSON-RPC before it starts serving.
    const script = join(workDir, 'noisy-server.mjs');
    const main = pathToFileURL(resolve('samples/conformance/dist/main.js')).href;
    writeFileSync(
      script,
      `console.log(JSON.stringify({ starting: true }));\nawait import(${JSON.stringify(main)});\n`,
    );
    const noisy = `${JSON.stringify(process.execPath)} ${JSON.stringify(script)} --stdio`;
    const { exitCode, output } = await call({
      server: noisy,
      tool: 'confirm_delete',
      args: '{"filename":"notes.txt"}',
      answers,
      task: true,
    });
    expect(exitCode).toBe(0);
    expect(output.outLines).toContain('Deleted notes.txt');
  });

  it('reports a server that exits before it answers', async () => {
    const gone = `${JSON.stringify(process.execPath)} -e "process.exit(0)"`;
    await expect(call({ server: gone, tool: 'confirm_delete', task: true })).rejects.toThrow(/closed/);
  });
});
