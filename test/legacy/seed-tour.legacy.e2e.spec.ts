import 'reflect-metadata';
import {
  Client,
  StreamableHTTPClientTransport,
  UrlElicitationRequiredError,
} from '@modelcontextprotocol/client';
import type { ElicitorApp } from 'elicitor';
import {
  connectHttp,
  connectSpawnedStdio,
  legacyClient,
  rejectionOf,
  textOf,
} from './support/legacy-client.js';
import type { Connection, ElicitAnswerer, LegacyVersion } from './support/legacy-client.js';
import { acceptSeedTour } from './support/seed-tour.answers.js';
import { SEED_TOUR_MAIN, githubConnectRequiredData, startSeedTourHttp } from './support/seed-tour.app.js';

/**
 * Every seed-tour tool, unchanged, against the official client on the initialize-era wire: over
 * Streamable HTTP with a session (app in this process) and over stdio (the built sample as a child).
 */
const CASES = (['http', 'stdio'] as const).flatMap((transport) =>
  (['2025-11-25', '2025-06-18'] as const).map((version) => [transport, version] as const),
);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Counters = { quotes: number; charges: number; receipts: number };

describe.each(CASES)('seed-tour over %s, protocol %s', (transport, version: LegacyVersion) => {
  const modern = version === '2025-11-25';
  let answer: ElicitAnswerer = acceptSeedTour;
  let connection: Connection;
  let app: ElicitorApp | undefined;
  let url: string | undefined;

  beforeAll(async () => {
    const client = legacyClient({ version, onElicit: (params, signal) => answer(params, signal) });
    if (transport === 'http') {
      ({ app, url } = await startSeedTourHttp());
      connection = await connectHttp(client, url);
    } else {
      connection = await connectSpawnedStdio(client, SEED_TOUR_MAIN);
    }
  });
  afterAll(async () => {
    await connection?.client.close();
    await app?.close();
  });
  beforeEach(() => {
    answer = acceptSeedTour;
    connection.wire.clear();
  });

  const call = (name: string, args: Record<string, unknown> = {}) =>
    connection.client.callTool({ name, arguments: args });
  const asked = () => connection.wire.requests('elicitation/create').map((request) => request.params);
  const counters = async (client: Client = connection.client): Promise<Counters> => {
    const read = await client.readResource({ uri: 'seed-tour://counters' });
    return JSON.parse((read.contents[0] as { text: string }).text) as Counters;
  };
  const placeOrder = async (client: Client = connection.client) => {
    const before = await counters(client);
    const result = await client.callTool({ name: 'place_order', arguments: { item: 'gadget', quantity: 2 } });
    const after = await counters(client);
    const delta = {
      quotes: after.quotes - before.quotes,
      charges: after.charges - before.charges,
      receipts: after.receipts - before.receipts,
    };
    return { text: textOf(result), delta };
  };
  /** 2025-11-25 forms carry `mode: "form"`; 2025-06-18 has no mode field at all. */
  const expectFormMode = (params: Record<string, unknown>) =>
    modern ? expect(params.mode).toBe('form') : expect(params).not.toHaveProperty('mode');

  it(`negotiates ${version} in initialize`, () => {
    expect(connection.client.getNegotiatedProtocolVersion()).toBe(version);
  });

  it('greet: asks for the name with a real elicitation/create', async () => {
    expect(textOf(await call('greet'))).toBe('Hello, Ada Lovelace!');
    expect(asked()).toHaveLength(1);
    expectFormMode(asked()[0]!);
    expect(asked()[0]!.message).toBe('What is your name?');
  });

  it('generate_business_card: a validated class-backed form', async () => {
    const text = textOf(await call('generate_business_card'));
    expect(text).toContain('Ada Lovelace (36)');
    expect(text).toContain('ada@example.com');
  });

  describe('collect_contact', () => {
    it('accept', async () => {
      expect(textOf(await call('collect_contact'))).toBe(
        'Thanks Ada Lovelace, we will write to ada@example.com.',
      );
    });

    it('an invalid answer is pushed again with the reason and the valid fields filled in, then the valid one is used', async () => {
      let tries = 0;
      answer = (params) =>
        ++tries === 1
          ? { action: 'accept', content: { name: 'Ada', email: 'not-an-email' } }
          : acceptSeedTour(params);

      expect(textOf(await call('collect_contact'))).toBe(
        'Thanks Ada Lovelace, we will write to ada@example.com.',
      );
      const [first, second] = asked();
      expect(asked()).toHaveLength(2);
      expect(first!.message).toBe('Who should we contact?');
      expect(second!.message).toMatch(
        /^Who should we contact\?\n\nYour previous answer was not accepted: .*email/s,
      );
      // The valid name comes back as its default; 2025-06-18 has defaults on booleans only.
      const { properties } = first!.requestedSchema as { properties: Record<string, object> };
      expect(second!.requestedSchema).toStrictEqual({
        ...(first!.requestedSchema as object),
        properties: modern ? { ...properties, name: { ...properties.name, default: 'Ada' } } : properties,
      });
    });

    it('decline', async () => {
      answer = () => ({ action: 'decline' });
      expect(textOf(await call('collect_contact'))).toBe('No problem, we will not contact you.');
    });

    it('cancel', async () => {
      answer = () => ({ action: 'cancel' });
      expect(textOf(await call('collect_contact'))).toBe('Cancelled: nothing was saved.');
    });
  });

  describe('place_order: memo, once and onCommit within the one execution', () => {
    it('completed: one quote, one charge, one receipt', async () => {
      const { text, delta } = await placeOrder();
      expect(text).toMatch(/^Order ch_\d{4} placed: 2 × gadget to Ada Lovelace, \$67 charged\.$/);
      expect(delta).toStrictEqual({ quotes: 1, charges: 1, receipts: 1 });
      expect(asked().map((params) => params.message)).toStrictEqual([
        'Where should we ship 2 × gadget?',
        'The total is $67 including $7 shipping. Place the order?',
      ]);
    });

    it('declined address: no charge, no commit', async () => {
      answer = () => ({ action: 'decline' });
      const { text, delta } = await placeOrder();
      expect(text).toBe('Order cancelled: no shipping address.');
      expect(delta).toStrictEqual({ quotes: 1, charges: 0, receipts: 0 });
    });

    it('declined confirmation: no charge, no commit', async () => {
      answer = (params) =>
        'confirm' in (params.requestedSchema as { properties: object }).properties
          ? { action: 'decline' }
          : acceptSeedTour(params);
      const { text, delta } = await placeOrder();
      expect(text).toBe('Order not placed.');
      expect(delta).toStrictEqual({ quotes: 1, charges: 0, receipts: 0 });
    });

    if (transport === 'http' && modern) {
      it('counts the same as the same handler on the 2026-07-28 wire', async () => {
        const modernClient = new Client(
          { name: 'elicitor-modern-e2e', version: '1.0.0' },
          { capabilities: { elicitation: { form: {}, url: {} } }, versionNegotiation: { mode: 'auto' } },
        );
        modernClient.setRequestHandler('elicitation/create', (request) =>
          acceptSeedTour(request.params as Record<string, unknown>),
        );
        await modernClient.connect(new StreamableHTTPClientTransport(new URL(url!)));
        try {
          expect(modernClient.getProtocolEra()).toBe('modern');
          const onModern = await placeOrder(modernClient);
          const onLegacy = await placeOrder();
          expect(onModern.delta).toStrictEqual({ quotes: 1, charges: 1, receipts: 1 });
          expect(onLegacy.delta).toStrictEqual(onModern.delta);
        } finally {
          await modernClient.close();
        }
      });
    }
  });

  it('configure_deploy: defaults and titled enums as this revision can show them', async () => {
    expect(textOf(await call('configure_deploy'))).toBe('Deploying 2 replica(s) to prod.');
    const properties = (asked()[0]!.requestedSchema as { properties: Record<string, unknown> }).properties;
    expectFormMode(asked()[0]!);
    if (modern) {
      expect(properties.replicas).toMatchObject({ type: 'integer', default: 3 });
      expect(properties.environment).toMatchObject({
        type: 'string',
        oneOf: [
          { const: 'dev', title: 'Development' },
          { const: 'staging', title: 'Staging' },
          { const: 'prod', title: 'Production' },
        ],
        default: 'dev',
      });
    } else {
      expect(properties.replicas).not.toHaveProperty('default');
      expect(properties.environment).toStrictEqual({
        type: 'string',
        title: 'Environment',
        enum: ['dev', 'staging', 'prod'],
        enumNames: ['Development', 'Staging', 'Production'],
      });
    }
    expect(properties.verbose).toMatchObject({ type: 'boolean', default: false });
  });

  if (modern) {
    it('order_form: a titled single select and a multi-select', async () => {
      expect(textOf(await call('order_form'))).toBe('A L pizza with cheese, olives.');
      expect(asked()[0]!.requestedSchema).toMatchObject({ properties: { toppings: { type: 'array' } } });
    });

    it('pay_a_bill: URL mode with an elicitationId', async () => {
      expect(textOf(await call('pay_a_bill', { amount: 5 }))).toBe(
        'Payment of $5 started on the payment page.',
      );
      expect(asked()).toStrictEqual([
        {
          mode: 'url',
          url: 'https://pay.example.com/checkout?amount=5',
          message: 'Pay $5 on the secure payment page',
          elicitationId: expect.stringMatching(UUID),
        },
      ]);
    });

    it('access_github: -32042 with data.elicitations first, then the retry succeeds', async () => {
      const error = await rejectionOf(call('access_github'));
      expect(error).toBeInstanceOf(UrlElicitationRequiredError);
      expect(error.code).toBe(-32042);
      expect(error.data).toStrictEqual(githubConnectRequiredData());
      expect(textOf(await call('access_github'))).toBe('Repositories of anonymous: elicitor, seed-tour');
    });
  } else {
    it('order_form: the multi-select goes as one titled checkbox per option and comes back as the array', async () => {
      expect(textOf(await call('order_form'))).toBe('A L pizza with cheese, olives.');
      expect(asked()).toHaveLength(1);
      expect(asked()[0]!.requestedSchema).toStrictEqual({
        type: 'object',
        properties: {
          size: {
            type: 'string',
            title: 'Size',
            enum: ['S', 'M', 'L'],
            enumNames: ['Small', 'Medium', 'Large'],
          },
          toppings__0: { type: 'boolean', title: 'cheese', description: 'Toppings', default: false },
          toppings__1: { type: 'boolean', title: 'mushrooms', description: 'Toppings', default: false },
          toppings__2: { type: 'boolean', title: 'olives', description: 'Toppings', default: false },
          toppings__3: { type: 'boolean', title: 'peppers', description: 'Toppings', default: false },
        },
      });
    });

    it('order_form: too few or too many ticks are asked again, saying why', async () => {
      const ticks = [[], ['0', '1', '2', '3'], ['1']];
      answer = () => {
        const picked = ticks.shift()!;
        const content: Record<string, unknown> = { size: 'S' };
        for (const index of ['0', '1', '2', '3']) content[`toppings__${index}`] = picked.includes(index);
        return { action: 'accept', content } as never;
      };
      expect(textOf(await call('order_form'))).toBe('A S pizza with mushrooms.');
      const messages = asked().map((params) => params.message as string);
      expect(messages).toHaveLength(3);
      expect(messages[1]).toMatch(
        /Your previous answer was not accepted: Toppings: tick at least 1 of cheese, mushrooms, olives, peppers \(you ticked 0\)$/,
      );
      expect(messages[2]).toMatch(
        /Your previous answer was not accepted: Toppings: tick at most 3 of cheese, mushrooms, olives, peppers \(you ticked 4\)$/,
      );
    });

    it('pay_a_bill: no URL mode on 2025-06-18, so the reply carries the link and nothing is asked', async () => {
      expect(textOf(await call('pay_a_bill', { amount: 5 }))).toBe(
        'Open https://pay.example.com/checkout?amount=5 to pay $5 on the secure payment page.',
      );
      expect(asked()).toHaveLength(0);
    });

    it('access_github: no -32042 on 2025-06-18 but the link in the reply; the retry succeeds', async () => {
      expect(textOf(await call('access_github'))).toBe(
        'Connect your GitHub account at https://example.com/connect/github, then call this tool again.',
      );
      expect(textOf(await call('access_github'))).toBe('Repositories of anonymous: elicitor, seed-tour');
    });
  }
});
