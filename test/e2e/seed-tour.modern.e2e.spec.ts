import type { Client } from '@modelcontextprotocol/client';
import { counters, orderEffectsBetween } from '../support/seed-tour-counters.js';
import type { ElicitorApp } from 'elicitor';
import { SeedTourModule, seedTourOptions } from '../../samples/seed-tour/src/seed-tour.module.js';
import { seedTourAnswerer } from '../support/seed-tour-answers.js';
import { connectClient, startHttpModuleApp, textOf } from '../support/transports.js';

const SEED_STDIO = 'samples/seed-tour/dist/main.js';
const quietLogger = { info: () => {}, warn: () => {}, error: () => {} };

describe.each(['http', 'stdio'] as const)('seed-tour on the 2026-07-28 wire over %s', (transport) => {
  let app: ElicitorApp | undefined;
  let url: string | undefined;
  const asked: Array<Record<string, unknown>> = [];

  const connect = (setup: Parameters<typeof connectClient>[2]) =>
    connectClient(transport, { url, script: SEED_STDIO }, setup);

  beforeAll(async () => {
    if (transport === 'http')
      ({ app, url } = await startHttpModuleApp(SeedTourModule, { ...seedTourOptions, logger: quietLogger }));
  });
  afterAll(() => app?.close());

  describe('with a client that answers every form', () => {
    let client: Client;
    beforeAll(async () => {
      client = await connect({ era: 'modern', onElicit: seedTourAnswerer(asked) });
    });
    afterAll(() => client.close());

    it('speaks 2026-07-28', () => {
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    });

    it.each([
      ['greet', {}, 'Hello, Ada Lovelace!'],
      ['generate_business_card', {}, 'Ada Lovelace (36)'],
      ['collect_contact', {}, 'Thanks Ada Lovelace, we will write to ada@example.com.'],
      ['order_form', {}, 'A L pizza with cheese, olives.'],
      ['pay_a_bill', { amount: 42 }, 'Payment of $42 started on the payment page.'],
      ['configure_deploy', {}, 'Deploying 5 replica(s) to staging with verbose logging.'],
    ])('runs %s to completion', async (name, args, expected) => {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError).toBeFalsy();
      expect(textOf(result)).toContain(expected);
    });

    it('runs place_order over three rounds with quote, charge and receipt exactly once', async () => {
      const before = await counters(client);
      asked.length = 0;
      const result = await client.callTool({
        name: 'place_order',
        arguments: { item: 'widget', quantity: 3 },
      });
      expect(textOf(result)).toMatch(/^Order ch_\d+ placed: 3 × widget to Ada Lovelace, \$43 charged\.$/);
      expect(
        asked.map((params) => Object.keys((params.requestedSchema as { properties: object }).properties)),
      ).toStrictEqual([['name', 'email', 'address'], ['confirm']]);
      const after = await counters(client);
      expect(orderEffectsBetween(before, after)).toStrictEqual({ quotes: 1, charges: 1, receipts: 1 });
    });

    it('finishes access_github once the user went through the URL step', async () => {
      const result = await client.callTool({ name: 'access_github', arguments: {} });
      expect(textOf(result)).toBe('Repositories of anonymous: elicitor, seed-tour');
      expect(asked.at(-1)).toMatchObject({ mode: 'url', url: 'https://example.com/connect/github' });
    });
  });

  it('commits nothing when the user declines the confirmation', async () => {
    const client = await connect({
      era: 'modern',
      onElicit: (params) =>
        'confirm' in (params.requestedSchema as { properties: object }).properties
          ? { action: 'decline' }
          : seedTourAnswerer()(params),
    });
    const before = await counters(client);
    const result = await client.callTool({ name: 'place_order', arguments: { item: 'gizmo', quantity: 1 } });
    expect(textOf(result)).toBe('Order not placed.');
    const after = await counters(client);
    expect(after.charges).toBe(before.charges);
    expect(after.receipts).toBe(before.receipts);
    await client.close();
  });

  it('asks again when an answer breaks the form rules, saying what was wrong', async () => {
    const messages: string[] = [];
    const client = await connect({
      era: 'modern',
      onElicit: (params) => {
        messages.push(String(params.message));
        const age = messages.length === 1 ? 400 : 40;
        return { action: 'accept', content: { name: 'Grace', email: 'grace@example.com', age } };
      },
    });
    const result = await client.callTool({ name: 'generate_business_card', arguments: {} });
    expect(textOf(result)).toContain('Grace (40)');
    expect(messages).toHaveLength(2);
    expect(messages[1]).toMatch(/not accepted: .*age \(max\)/);
    await client.close();
  });

  it('falls back when the client declared no elicitation, and refuses forms with -32021', async () => {
    const client = await connect({ era: 'modern', capabilities: {} });
    expect(textOf(await client.callTool({ name: 'greet', arguments: {} }))).toBe('Hello, stranger!');
    const failure = await client.callTool({ name: 'generate_business_card', arguments: {} }).then(
      () => undefined,
      (error: { code?: number; data?: unknown }) => error,
    );
    expect(failure?.code).toBe(-32021);
    expect(failure?.data).toStrictEqual({ requiredCapabilities: { elicitation: { form: {} } } });
    await client.close();
  });

  it('hands a form-only client the payment link instead of a URL-mode question', async () => {
    const seen: Array<Record<string, unknown>> = [];
    const client = await connect({
      era: 'modern',
      capabilities: { elicitation: { form: {} } },
      onElicit: seedTourAnswerer(seen),
    });
    const result = await client.callTool({ name: 'pay_a_bill', arguments: { amount: 5 } });
    expect(textOf(result)).toBe(
      'Open https://pay.example.com/checkout?amount=5 to pay $5 on the secure payment page.',
    );
    expect(seen).toHaveLength(0);
    await client.close();
  });
});
