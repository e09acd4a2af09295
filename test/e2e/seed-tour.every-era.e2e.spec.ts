import type { Client } from '@modelcontextprotocol/client';
import type { ElicitorApp } from 'elicitor';
import { SeedTourModule, seedTourOptions } from '../../samples/seed-tour/src/seed-tour.module.js';
import { SEED_TOUR_TOOLS } from '../legacy/support/seed-tour.app.js';
import { seedTourAnswerer } from '../support/seed-tour-answers.js';
import { connectClient, startHttpModuleApp, textOf } from '../support/transports.js';
import type { ClientSetup } from '../support/official-client.js';

const SEED_STDIO = 'samples/seed-tour/dist/main.js';
const quietLogger = { info: () => {}, warn: () => {}, error: () => {} };

const VERSIONS = ['2026-07-28', '2025-11-25', '2025-06-18'] as const;
type Version = (typeof VERSIONS)[number];

const setupFor = (version: Version, log: Array<Record<string, unknown>>): ClientSetup =>
  version === '2026-07-28'
    ? { era: 'modern', onElicit: seedTourAnswerer(log) }
    : { era: 'legacy', legacyVersion: version, onElicit: seedTourAnswerer(log) };

/** Calls a tool; a -32042 (URL step first, 2025-11-25) is followed, as a client would, by one retry. */
async function complete(client: Client, name: string, args: Record<string, unknown> = {}): Promise<string> {
  const first = await client.callTool({ name, arguments: args }).then(
    (result) => ({ result }),
    (error: { code?: number }) => ({ error }),
  );
  if ('result' in first) return textOf(first.result);
  if (first.error.code !== -32042) throw first.error as Error;
  return textOf(await client.callTool({ name, arguments: args }));
}

describe.each(VERSIONS.flatMap((version) => (['http', 'stdio'] as const).map((t) => [version, t] as const)))(
  'every seed-tour tool completes on %s over %s',
  (version, transport) => {
    let app: ElicitorApp | undefined;
    let client: Client;
    const asked: Array<Record<string, unknown>> = [];
    const urlMode = version !== '2025-06-18';

    beforeAll(async () => {
      let url: string | undefined;
      if (transport === 'http')
        ({ app, url } = await startHttpModuleApp(SeedTourModule, {
          ...seedTourOptions,
          logger: quietLogger,
        }));
      client = await connectClient(transport, { url, script: SEED_STDIO }, setupFor(version, asked));
    });
    afterAll(async () => {
      await client.close();
      await app?.close();
    });

    it('negotiates the revision', () => {
      expect(client.getNegotiatedProtocolVersion()).toBe(version);
    });

    it('lists the tools this test completes', async () => {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toStrictEqual(SEED_TOUR_TOOLS);
    });

    it.each([
      ['greet', {}, 'Hello, Ada Lovelace!'],
      ['generate_business_card', {}, 'Ada Lovelace (36)'],
      ['collect_contact', {}, 'Thanks Ada Lovelace, we will write to ada@example.com.'],
      ['order_form', {}, 'A L pizza with cheese, olives.'],
      ['configure_deploy', {}, 'Deploying 5 replica(s) to staging with verbose logging.'],
      ['place_order', { item: 'widget', quantity: 3 }, '3 × widget to Ada Lovelace, $43 charged.'],
    ])('%s', async (name, args, expected) => {
      expect(await complete(client, name, args)).toContain(expected);
    });

    it('pay_a_bill', async () => {
      expect(await complete(client, 'pay_a_bill', { amount: 42 })).toBe(
        urlMode
          ? 'Payment of $42 started on the payment page.'
          : 'Open https://pay.example.com/checkout?amount=42 to pay $42 on the secure payment page.',
      );
    });

    it('access_github', async () => {
      const first = await complete(client, 'access_github');
      const done = urlMode ? first : await complete(client, 'access_github');
      if (!urlMode) expect(first).toContain('https://example.com/connect/github');
      expect(done).toBe('Repositories of anonymous: elicitor, seed-tour');
    });
  },
);
