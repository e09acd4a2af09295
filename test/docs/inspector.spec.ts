import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { ElicitorApp } from 'elicitor';
import { SeedTourModule, seedTourOptions } from '../../samples/seed-tour/src/seed-tour.module.js';
import { sameJson, snippetJson } from './support/snippet-files.js';
import { startHttpModuleApp } from '../support/transports.js';
import { describeWhen } from '../support/test-requirements.js';

const run = promisify(execFile);
const SEED_TOUR = 'samples/seed-tour/dist/main.js';
// Installing the Inspector and a Node >= 22 takes a while the first time: CI opts in.
const describeWithInspector = describeWhen('inspector');

/** One Inspector CLI run; its JSON output. */
async function inspect(args: string[]): Promise<Record<string, unknown>> {
  const { stdout } = await run('bash', ['scripts/inspector.sh', '--cli', ...args, '--format', 'json', '-q'], {
    timeout: 120_000,
  });
  return JSON.parse(stdout) as Record<string, unknown>;
}

describeWithInspector('the MCP Inspector (CLI) against seed-tour, as the guide shows', () => {
  let app: ElicitorApp;
  let url: string;

  beforeAll(async () => {
    ({ app, url } = await startHttpModuleApp(SeedTourModule, {
      ...seedTourOptions,
      logger: { info() {}, warn() {}, error() {} },
    }));
  });
  afterAll(() => app.close());

  const SLOW = 180_000;

  it.each(['modern', 'legacy'])(
    'lists and calls tools over stdio on the %s era',
    async (era) => {
      const target = [process.execPath, SEED_TOUR, '--stdio', '--protocol-era', era];
      const listed = await inspect([...target, '--method', 'tools/list']);
      const names = (listed.result as { tools: Array<{ name: string }> }).tools.map((tool) => tool.name);
      expect(names).toContain('greet');
      const called = await inspect([...target, '--method', 'tools/call', '--tool-name', 'greet']);
      if (era === 'modern') sameJson(called, snippetJson('inspector/greet.modern.json'));
      const result = called.result as { content: unknown; _meta?: Record<string, unknown> };
      expect(result.content).toStrictEqual([{ type: 'text', text: 'Hello, stranger!' }]);
      // Only the 2026-07-28 wire carries the server's identity in every result.
      expect(result._meta?.['io.modelcontextprotocol/serverInfo'] !== undefined).toBe(era === 'modern');
    },
    SLOW,
  );

  it.each(['modern', 'legacy'])(
    'calls a tool over HTTP on the %s era',
    async (era) => {
      const called = await inspect([
        url,
        '--protocol-era',
        era,
        '--method',
        'tools/call',
        '--tool-name',
        'greet',
      ]);
      expect((called.result as { content: unknown }).content).toStrictEqual([
        { type: 'text', text: 'Hello, stranger!' },
      ]);
    },
    SLOW,
  );
});
