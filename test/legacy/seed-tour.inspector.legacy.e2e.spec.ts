import { execFile } from 'node:child_process';
import type { ElicitorApp } from 'elicitor';
import { SEED_TOUR_MAIN, startSeedTourHttp } from './support/seed-tour.app.js';
import { describeWhen } from '../support/test-requirements.js';

/**
 * Every seed-tour tool through the MCP Inspector CLI on the 2025 wire (`--protocol-era legacy`), over
 * stdio and Streamable HTTP. The CLI declares no elicitation capability and cannot answer a question, so
 * each tool gets what Elicitor gives such a client: the tools with a fallback answer without asking, and
 * those that need a form refuse with a clear error (-32021 on the wire; the CLI prints its message).
 */
// Installing the Inspector and a Node >= 22 takes a while the first time: CI opts in.
const describeWithInspector = describeWhen('inspector');
const SLOW = 180_000;
const NO_FORM =
  'The client did not declare the elicitation capability in initialize, so it cannot be asked to fill in a form';

interface InspectorRun {
  status: number;
  /** The CLI's JSON: `{ result }` on stdout, or `{ error }` on stderr when the call failed. */
  output: { result?: Record<string, unknown>; error?: { message: string } };
}

function inspect(target: string[], args: string[]): Promise<InspectorRun> {
  const argv = ['scripts/inspector.sh', '--cli', ...target, '--protocol-era', 'legacy', ...args];
  return new Promise((resolve) => {
    execFile('bash', [...argv, '--format', 'json', '-q'], { timeout: 120_000 }, (error, stdout, stderr) => {
      const status = error ? Number(error.code) : 0;
      resolve({ status, output: JSON.parse(status === 0 ? stdout : stderr) as InspectorRun['output'] });
    });
  });
}

describeWithInspector.each(['stdio', 'http'] as const)(
  'the MCP Inspector CLI and the seed tour over %s, 2025 wire',
  (transport) => {
    let app: ElicitorApp | undefined;
    let target: string[];

    beforeAll(async () => {
      target = [process.execPath, SEED_TOUR_MAIN, '--stdio'];
      if (transport === 'http') {
        const started = await startSeedTourHttp();
        app = started.app;
        target = [started.url];
      }
    });
    afterAll(() => app?.close());

    const call = (tool: string, args: Record<string, string> = {}) =>
      inspect(target, [
        '--method',
        'tools/call',
        '--tool-name',
        tool,
        ...Object.entries(args).flatMap(([key, value]) => ['--tool-arg', `${key}=${value}`]),
      ]);
    const textOf = (run: InspectorRun) => {
      expect(run.status).toBe(0);
      // Only 2026-07-28 results carry the server's identity: this one came over the 2025 wire.
      expect(run.output.result?._meta).toBeUndefined();
      return (run.output.result!.content as Array<{ text: string }>).map((block) => block.text).join('');
    };

    it(
      'greet: no one to ask, so it greets a stranger',
      async () => {
        expect(textOf(await call('greet'))).toBe('Hello, stranger!');
      },
      SLOW,
    );

    it(
      'pay_a_bill and access_github: the link goes in the reply instead of a URL question',
      async () => {
        expect(textOf(await call('pay_a_bill', { amount: '5' }))).toBe(
          'Open https://pay.example.com/checkout?amount=5 to pay $5 on the secure payment page.',
        );
        expect(textOf(await call('access_github'))).toBe(
          'Connect your GitHub account at https://example.com/connect/github, then call this tool again.',
        );
      },
      SLOW,
    );

    it.each([
      ['generate_business_card', {}],
      ['collect_contact', {}],
      ['configure_deploy', {}],
      ['order_form', {}],
      ['place_order', { item: 'gadget', quantity: '2' }],
    ])(
      '%s: needs a form, so it refuses with the clear error',
      async (tool, args: Record<string, string>) => {
        const run = await call(tool, args);
        expect(run.status).not.toBe(0);
        expect(run.output).toStrictEqual({ error: { code: 'error', message: NO_FORM } });
      },
      SLOW,
    );

    if (transport === 'http') {
      it(
        'place_order refused: nothing was charged',
        async () => {
          const read = await inspect(target, ['--method', 'resources/read', '--uri', 'seed-tour://counters']);
          const contents = read.output.result!.contents as Array<{ text: string }>;
          expect(JSON.parse(contents[0]!.text)).toMatchObject({ charges: 0, receipts: 0 });
        },
        SLOW,
      );
    }
  },
);
