import 'reflect-metadata';
import { counters, orderEffectsBetween } from '../support/seed-tour-counters.js';
import type { IncomingMessage } from 'node:http';
import type { Client } from '@modelcontextprotocol/client';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  ANSWER_TOOL_NAME,
  Elicitor,
  FORM_APP_URI,
  MCP_APP_MIME_TYPE,
  UI_EXTENSION,
  type AppQuestion,
  type ElicitorApp,
} from 'elicitor';
import { FakeClock, testKeyring } from 'elicitor/testing';
import { SeedTourModule, seedTourOptions } from '../../samples/seed-tour/src/seed-tour.module.js';
import { officialClient } from '../support/official-client.js';
import { textOf } from '../support/transports.js';

const quiet = { info() {}, warn() {}, error() {} };
/** A host like Claude Desktop: it renders MCP Apps and declares no elicitation at all. */
const APPS_ONLY_HOST = { extensions: { [UI_EXTENSION]: { mimeTypes: [MCP_APP_MIME_TYPE] } } };
const ORDER = { item: 'widget', quantity: 3 };
const ADDRESS = { name: 'Ada Lovelace', email: 'ada@example.com', address: '12 St James Square' };

type CallResult = Awaited<ReturnType<Client['callTool']>>;

function questionOf(result: CallResult): AppQuestion {
  const question = (result.structuredContent as { elicitorQuestion?: AppQuestion } | undefined)
    ?.elicitorQuestion;
  if (question === undefined) throw new Error(`no question in ${JSON.stringify(result)}`);
  return question;
}

function answer(
  client: Client,
  question: AppQuestion,
  action: 'accept' | 'decline' | 'cancel',
  content?: Record<string, unknown>,
): Promise<CallResult> {
  return client.callTool({
    name: ANSWER_TOOL_NAME,
    arguments: { continuation: question.continuation, action, ...(content ? { content } : {}) },
  });
}

async function refusal(work: Promise<unknown>): Promise<{ code?: number; message?: string }> {
  return work.then(
    (result) => {
      throw new Error(`expected a refusal, got ${JSON.stringify(result)}`);
    },
    (error: { code?: number; message?: string }) => error,
  );
}

/** The principal is the `x-user` header: enough to tell two users apart. */
function principalOf(request: IncomingMessage) {
  const user = request.headers['x-user'];
  return { token: 'test', clientId: typeof user === 'string' ? user : 'ada', scopes: [] };
}

describe.each(['modern', 'legacy'] as const)('asking through an app on the %s wire', (era) => {
  let app: ElicitorApp;
  let url: string;
  const clock = new FakeClock(Date.now());
  const clients: Client[] = [];

  async function hostClient(user = 'ada', capabilities: Record<string, unknown> = APPS_ONLY_HOST) {
    const client = officialClient({ era, capabilities });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { 'x-user': user } } }),
    );
    clients.push(client);
    return client;
  }

  beforeAll(async () => {
    app = await Elicitor.create(SeedTourModule, {
      ...seedTourOptions,
      logger: quiet,
      askThroughApps: true,
      clock,
      requestState: { keys: testKeyring(), ttlMs: 60_000 },
    });
    ({ url } = (await app.listen({ http: { port: 0, authenticate: principalOf } })) as { url: string });
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
    await app.close();
  });

  it('negotiates the era asked', async () => {
    const client = await hostClient();
    expect(client.getNegotiatedProtocolVersion()).toBe(era === 'modern' ? '2026-07-28' : '2025-11-25');
  });

  it('lists the form app on every model tool and elicitor_answer for the app', async () => {
    const { tools } = await (await hostClient()).listTools();
    expect(tools.find((tool) => tool.name === 'place_order')?._meta).toStrictEqual({
      ui: { resourceUri: FORM_APP_URI },
    });
    expect(tools.find((tool) => tool.name === 'show_boarding_pass')?._meta).toStrictEqual({
      ui: { resourceUri: 'ui://seed-tour/boarding-pass' },
    });
    expect(tools.find((tool) => tool.name === ANSWER_TOOL_NAME)?._meta).toStrictEqual({
      ui: { visibility: ['app'] },
    });
    const read = await (await hostClient()).readResource({ uri: FORM_APP_URI });
    expect(read.contents[0]).toMatchObject({ uri: FORM_APP_URI, mimeType: MCP_APP_MIME_TYPE });
  });

  it('a client that can elicit gets the plain list', async () => {
    const { tools } = await (await hostClient('ada', { elicitation: { form: {} } })).listTools();
    expect(tools.find((tool) => tool.name === 'place_order')?._meta).toBeUndefined();
    expect(tools.some((tool) => tool.name === ANSWER_TOOL_NAME)).toBe(false);
  });

  it('place_order completes through elicitor_answer: one quote, one charge, one receipt', async () => {
    const client = await hostClient();
    const before = await counters(client);
    const first = await client.callTool({ name: 'place_order', arguments: ORDER });
    expect(first.isError).toBeFalsy();
    expect(textOf(first)).toContain('The user is being asked in the app');
    expect(textOf(first)).toContain('Where should we ship 3 × widget?');
    const shipping = questionOf(first);
    expect(shipping).toMatchObject({
      key: 'shipping',
      message: 'Where should we ship 3 × widget?',
      continuation: { tool: 'place_order', arguments: ORDER },
    });
    expect(Object.keys((shipping.requestedSchema as { properties: object }).properties)).toStrictEqual([
      'name',
      'email',
      'address',
    ]);

    const invalid = questionOf(await answer(client, shipping, 'accept', { ...ADDRESS, email: 'nope' }));
    expect(invalid.key).toBe('shipping');
    expect(invalid.message).toContain('Your previous answer was not accepted');
    expect(invalid.message).toContain('email');

    const confirm = questionOf(await answer(client, invalid, 'accept', ADDRESS));
    // The app submits the address twice: the round runs again, the quote is replayed, not made again.
    const confirmAgain = questionOf(await answer(client, invalid, 'accept', ADDRESS));
    expect(confirmAgain.message).toBe(confirm.message);
    expect(confirm).toMatchObject({ key: 'confirm', message: expect.stringContaining('Place the order?') });

    const done = await answer(client, confirm, 'accept', { confirm: true });
    expect(done.structuredContent).toBeUndefined();
    expect(textOf(done)).toMatch(/^Order .+ placed: 3 × widget to Ada Lovelace, \$43 charged\.$/);

    // The app submits the last answer again: the recorded result comes back, nothing runs twice.
    const again = await answer(client, confirm, 'accept', { confirm: true });
    expect(textOf(again)).toBe(textOf(done));
    // So does the other branch of the same call: one call, one recorded outcome.
    const otherBranch = await answer(client, confirmAgain, 'accept', { confirm: true });
    expect(textOf(otherBranch)).toBe(textOf(done));
    const after = await counters(client);
    expect(orderEffectsBetween(before, after)).toStrictEqual({ quotes: 1, charges: 1, receipts: 1 });
  });

  describe('continuations are refused like a bad requestState', () => {
    let shipping: AppQuestion;
    beforeAll(async () => {
      shipping = questionOf(await (await hostClient()).callTool({ name: 'place_order', arguments: ORDER }));
    });

    it('against another tool', async () => {
      const client = await hostClient();
      const moved = { ...shipping, continuation: { ...shipping.continuation, tool: 'order_form' } };
      const error = await refusal(answer(client, moved, 'accept', ADDRESS));
      expect(error).toMatchObject({ code: -32602, message: expect.stringContaining('requestState') });
    });

    it('with other arguments', async () => {
      const client = await hostClient();
      const changed = {
        ...shipping,
        continuation: { ...shipping.continuation, arguments: { item: 'widget', quantity: 9 } },
      };
      expect(await refusal(answer(client, changed, 'accept', ADDRESS))).toMatchObject({ code: -32602 });
    });

    it('tampered', async () => {
      const client = await hostClient();
      const state = shipping.continuation.requestState;
      const flipped = `${state.slice(0, 20)}${state[20] === 'A' ? 'B' : 'A'}${state.slice(21)}`;
      const tampered = { ...shipping, continuation: { ...shipping.continuation, requestState: flipped } };
      expect(await refusal(answer(client, tampered, 'accept', ADDRESS))).toMatchObject({ code: -32602 });
    });

    it('from another user', async () => {
      const eve = await hostClient('eve');
      expect(await refusal(answer(eve, shipping, 'accept', ADDRESS))).toMatchObject({
        code: -32602,
        message: expect.stringContaining('requestState'),
      });
    });

    it('expired', async () => {
      const client = await hostClient();
      const fresh = questionOf(await client.callTool({ name: 'place_order', arguments: ORDER }));
      clock.advance(61_000);
      expect(await refusal(answer(client, fresh, 'accept', ADDRESS))).toMatchObject({
        code: -32602,
        message: expect.stringContaining('requestState'),
      });
    });
  });

  it('a URL question, which no app shows, keeps the tool’s own fallback', async () => {
    const client = await hostClient();
    const result = await client.callTool({ name: 'pay_a_bill', arguments: { amount: 42 } });
    expect(textOf(result)).toBe(
      'Open https://pay.example.com/checkout?amount=42 to pay $42 on the secure payment page.',
    );
  });

  it('a declined question ends the call with the tool’s own answer', async () => {
    const client = await hostClient();
    const shipping = questionOf(await client.callTool({ name: 'place_order', arguments: ORDER }));
    expect(textOf(await answer(client, shipping, 'decline'))).toBe('Order cancelled: no shipping address.');
  });
});

describe('2025-06-18 has no extensions: a session that renders apps is unchanged', () => {
  let app: ElicitorApp;
  let client: Client;
  beforeAll(async () => {
    app = await Elicitor.create(SeedTourModule, {
      ...seedTourOptions,
      logger: quiet,
      askThroughApps: true,
      requestState: { keys: testKeyring() },
    });
    const { url } = (await app.listen({ http: { port: 0 } })) as { url: string };
    client = officialClient({ era: 'legacy', legacyVersion: '2025-06-18', capabilities: APPS_ONLY_HOST });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  });
  afterAll(async () => {
    await client.close();
    await app.close();
  });

  it('lists no form app, and place_order ends as it did without the option', async () => {
    const { tools } = await client.listTools();
    expect(tools.find((tool) => tool.name === 'place_order')?._meta).toBeUndefined();
    expect(tools.some((tool) => tool.name === ANSWER_TOOL_NAME)).toBe(false);
    const error = await refusal(client.callTool({ name: 'place_order', arguments: ORDER }));
    expect(error.code).toBe(-32021);
  });
});
