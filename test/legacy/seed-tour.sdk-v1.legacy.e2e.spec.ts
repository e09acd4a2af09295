import 'reflect-metadata';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ElicitRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { ElicitorApp } from 'elicitor';
import { acceptSeedTour } from './support/seed-tour.answers.js';
import {
  SEED_TOUR_MAIN,
  SEED_TOUR_TOOLS,
  githubConnectRequiredData,
  startSeedTourHttp,
} from './support/seed-tour.app.js';

/**
 * Every seed-tour tool against the official v1 SDK client (`@modelcontextprotocol/sdk` 1.x), which many
 * hosts still embed, on the 2025-11-25 wire: Streamable HTTP with a session (app in this process) and
 * stdio (the built sample as a child). Questions arrive as `elicitation/create` and are answered.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Answer = (params: Record<string, unknown>) => Record<string, unknown>;

function textOf(result: unknown): string {
  const content = (result as { content?: Array<{ type: string; text?: string }> }).content ?? [];
  return content.map((block) => block.text ?? '').join('');
}

describe.each(['http', 'stdio'] as const)('seed-tour with the v1 SDK client over %s', (transport) => {
  let client: Client;
  let app: ElicitorApp | undefined;
  let answer: Answer = (params) => acceptSeedTour(params) as unknown as Record<string, unknown>;
  const asked: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    client = new Client(
      { name: 'elicitor-v1-e2e', version: '1.0.0' },
      { capabilities: { elicitation: { form: {}, url: {} } } },
    );
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      const params = request.params as Record<string, unknown>;
      asked.push(params);
      return answer(params) as never;
    });
    let wire: Transport;
    if (transport === 'http') {
      const started = await startSeedTourHttp();
      app = started.app;
      wire = new StreamableHTTPClientTransport(new URL(started.url));
    } else {
      wire = new StdioClientTransport({ command: process.execPath, args: [SEED_TOUR_MAIN, '--stdio'] });
    }
    await client.connect(wire);
  });
  afterAll(async () => {
    await client?.close();
    await app?.close();
  });
  beforeEach(() => {
    asked.length = 0;
    answer = (params) => acceptSeedTour(params) as unknown as Record<string, unknown>;
  });

  const call = async (name: string, args: Record<string, unknown> = {}) =>
    textOf(await client.callTool({ name, arguments: args }));

  it('negotiates 2025-11-25 and lists every seed-tour tool', async () => {
    expect(client.getServerVersion()?.name).toBeTruthy();
    const names = (await client.listTools()).tools.map((tool) => tool.name).sort();
    expect(names).toStrictEqual(SEED_TOUR_TOOLS);
  });

  it('greet', async () => {
    expect(await call('greet')).toBe('Hello, Ada Lovelace!');
    expect(asked.map((params) => [params.mode, params.message])).toStrictEqual([
      ['form', 'What is your name?'],
    ]);
  });

  it('generate_business_card', async () => {
    const text = await call('generate_business_card');
    expect(text).toContain('Ada Lovelace (36)');
    expect(text).toContain('ada@example.com');
  });

  it('collect_contact: accept, an invalid answer asked again, decline and cancel', async () => {
    expect(await call('collect_contact')).toBe('Thanks Ada Lovelace, we will write to ada@example.com.');
    let tries = 0;
    answer = (params) =>
      ++tries === 1
        ? { action: 'accept', content: { name: 'Ada', email: 'not-an-email' } }
        : (acceptSeedTour(params) as unknown as Record<string, unknown>);
    asked.length = 0;
    expect(await call('collect_contact')).toBe('Thanks Ada Lovelace, we will write to ada@example.com.');
    expect(asked).toHaveLength(2);
    expect(String(asked[1]!.message)).toMatch(/Your previous answer was not accepted: .*email/s);
    answer = () => ({ action: 'decline' });
    expect(await call('collect_contact')).toBe('No problem, we will not contact you.');
    answer = () => ({ action: 'cancel' });
    expect(await call('collect_contact')).toBe('Cancelled: nothing was saved.');
  });

  it('place_order: two questions, then the order', async () => {
    expect(await call('place_order', { item: 'gadget', quantity: 2 })).toMatch(
      /^Order ch_\d{4} placed: 2 × gadget to Ada Lovelace, \$67 charged\.$/,
    );
    expect(asked.map((params) => params.message)).toStrictEqual([
      'Where should we ship 2 × gadget?',
      'The total is $67 including $7 shipping. Place the order?',
    ]);
  });

  it('configure_deploy', async () => {
    expect(await call('configure_deploy')).toBe('Deploying 2 replica(s) to prod.');
  });

  it('order_form', async () => {
    expect(await call('order_form')).toBe('A L pizza with cheese, olives.');
  });

  it('pay_a_bill: URL mode with an elicitationId', async () => {
    expect(await call('pay_a_bill', { amount: 5 })).toBe('Payment of $5 started on the payment page.');
    expect(asked).toStrictEqual([
      {
        mode: 'url',
        url: 'https://pay.example.com/checkout?amount=5',
        message: 'Pay $5 on the secure payment page',
        elicitationId: expect.stringMatching(UUID),
      },
    ]);
  });

  it('access_github: -32042 with data.elicitations first, then the retry succeeds', async () => {
    const error = (await client.callTool({ name: 'access_github', arguments: {} }).then(
      () => undefined,
      (caught: unknown) => caught,
    )) as McpError;
    expect(error).toBeInstanceOf(McpError);
    expect(error.code).toBe(-32042);
    expect(error.data).toStrictEqual(githubConnectRequiredData());
    expect(await call('access_github')).toBe('Repositories of anonymous: elicitor, seed-tour');
  });

  it('ping, logging/setLevel and resources', async () => {
    await client.ping();
    await client.setLoggingLevel('info');
    const read = await client.readResource({ uri: 'seed-tour://counters' });
    expect(JSON.parse((read.contents[0] as { text: string }).text)).toMatchObject({ quotes: 1 });
  });
});
