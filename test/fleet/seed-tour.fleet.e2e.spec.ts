import 'reflect-metadata';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1HttpTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { ReplicaFleet, SEED_TOUR_REPLICA } from '../../reliability/src/support/replica-fleet.js';
import { connectHttp, legacyClient } from '../legacy/support/legacy-client.js';
import type { LegacyVersion } from '../legacy/support/legacy-client.js';
import { SEED_TOUR_VALUES, acceptSeedTour } from '../legacy/support/seed-tour.answers.js';
import { runPythonClient } from '../support/python-client.js';
import type { PythonOutcome } from '../support/python-client.js';
import { textOf } from '../support/transports.js';
import { describeWhen } from '../support/test-requirements.js';

const REDIS_URL = process.env.REDIS_URL;
const describeWithRedis = describeWhen('redis');
/** Three replica processes start on a loaded machine: give them time. */
const FLEET_TIMEOUT_MS = 120_000;

/** What a client of the tour needs: a tool call that answers every question it is asked. */
interface TourClient {
  call(name: string, args?: Record<string, unknown>): Promise<{ text: string; code?: number | undefined }>;
  asked: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

/** The tour's view of a connected client: a call answers with its text, or with the error's message and code. */
function tourClientOf(
  client: {
    callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
    close(): Promise<void>;
  },
  asked: Array<Record<string, unknown>>,
): TourClient {
  return {
    asked,
    call: (name, args = {}) =>
      client.callTool({ name, arguments: args }).then(
        (result) => ({ text: textOf(result) }),
        (error: { code?: number; message: string }) => ({ text: error.message, code: error.code }),
      ),
    close: () => client.close(),
  };
}

async function officialTourClient(url: string, version: LegacyVersion): Promise<TourClient> {
  const asked: Array<Record<string, unknown>> = [];
  const client = legacyClient({
    version,
    onElicit: (params) => {
      asked.push(params);
      return acceptSeedTour(params);
    },
  });
  await connectHttp(client, url);
  expect(client.getNegotiatedProtocolVersion()).toBe(version);
  return tourClientOf(client, asked);
}

async function v1TourClient(url: string): Promise<TourClient> {
  const asked: Array<Record<string, unknown>> = [];
  const client = new V1Client(
    { name: 'elicitor-fleet-v1', version: '1.0.0' },
    { capabilities: { elicitation: { form: {}, url: {} } } },
  );
  client.setRequestHandler(ElicitRequestSchema, (request) => {
    asked.push(request.params as Record<string, unknown>);
    return acceptSeedTour(request.params as Record<string, unknown>) as never;
  });
  await client.connect(new V1HttpTransport(new URL(url)));
  return tourClientOf(client, asked);
}

const REPOSITORIES = 'Repositories of anonymous: elicitor, seed-tour';

const CLIENTS = [
  ['the official client on 2025-11-25', (url: string) => officialTourClient(url, '2025-11-25'), true],
  ['the official client on 2025-06-18', (url: string) => officialTourClient(url, '2025-06-18'), false],
  ['the v1 SDK client (2025-11-25)', v1TourClient, true],
] as const;

/**
 * Every seed-tour tool through three replicas of the sample on one Redis, behind a per-request
 * round-robin proxy: each request of a session, answers to `elicitation/create` included, goes to the
 * next replica, so a question asked by one replica is answered through another.
 */
describeWithRedis('the seed tour on three replicas behind a round-robin proxy (needs REDIS_URL)', () => {
  let fleet: ReplicaFleet;

  beforeAll(async () => {
    fleet = await ReplicaFleet.start({
      replicas: 3,
      script: SEED_TOUR_REPLICA,
      env: {
        SEED_TOUR_REDIS_URL: REDIS_URL!,
        SEED_TOUR_REDIS_PREFIX: `elicitor-fleet-tour:${process.pid}:${Date.now()}:`,
        SEED_TOUR_STATE_KEYS: 'fleet-tour-shared-secret-0123456789abcdef',
      },
    });
  }, FLEET_TIMEOUT_MS);
  afterAll(async () => {
    await fleet?.stop();
  });

  describe.each(CLIENTS)('%s', (_name, connect, urlMode) => {
    let client: TourClient;
    beforeAll(async () => {
      client = await connect(fleet.url);
    });
    afterAll(async () => {
      await client?.close();
    });
    beforeEach(() => {
      client.asked.length = 0;
    });

    it('greet', async () => {
      expect((await client.call('greet')).text).toBe('Hello, Ada Lovelace!');
      expect(client.asked.map((params) => params.message)).toStrictEqual(['What is your name?']);
    });

    it('generate_business_card', async () => {
      const { text } = await client.call('generate_business_card');
      expect(text).toContain('Ada Lovelace (36)');
      expect(text).toContain('ada@example.com');
    });

    it('collect_contact', async () => {
      expect((await client.call('collect_contact')).text).toBe(
        'Thanks Ada Lovelace, we will write to ada@example.com.',
      );
    });

    it('place_order: two questions, each answered through another replica, then the order', async () => {
      expect((await client.call('place_order', { item: 'gadget', quantity: 2 })).text).toMatch(
        /^Order ch_\d{4} placed: 2 × gadget to Ada Lovelace, \$67 charged\.$/,
      );
      expect(client.asked.map((params) => params.message)).toStrictEqual([
        'Where should we ship 2 × gadget?',
        'The total is $67 including $7 shipping. Place the order?',
      ]);
    });

    it('configure_deploy', async () => {
      expect((await client.call('configure_deploy')).text).toBe('Deploying 2 replica(s) to prod.');
    });

    it('order_form', async () => {
      expect((await client.call('order_form')).text).toBe('A L pizza with cheese, olives.');
    });

    it('pay_a_bill', async () => {
      expect((await client.call('pay_a_bill', { amount: 5 })).text).toBe(
        urlMode
          ? 'Payment of $5 started on the payment page.'
          : 'Open https://pay.example.com/checkout?amount=5 to pay $5 on the secure payment page.',
      );
      expect(client.asked).toHaveLength(urlMode ? 1 : 0);
    });

    it('access_github: asked to connect until the replica serving the call knows, then the repositories', async () => {
      // The sample keeps "connected" in each process's memory (its own state, not the framework's):
      // a replica learns it on the first call it serves, so at most one call per replica asks.
      const replies: Array<{ text: string; code?: number | undefined }> = [];
      while (replies.length < 4 && replies.at(-1)?.text !== REPOSITORIES) {
        replies.push(await client.call('access_github'));
      }
      expect(replies.at(-1)!.text).toBe(REPOSITORIES);
      for (const asked of replies.slice(0, -1)) {
        if (urlMode) expect(asked.code).toBe(-32042);
        else expect(asked.text).toMatch(/^Connect your GitHub account at https:\/\/example\.com/);
      }
    });
  });

  describeWhen('python')('the Python SDK client (2025-11-25; needs ELICITOR_PYTHON)', () => {
    it(
      'completes every seed-tour tool',
      async () => {
        const steps = [
          { call: 'greet' },
          { call: 'generate_business_card' },
          { call: 'collect_contact' },
          { call: 'place_order', arguments: { item: 'gadget', quantity: 2 } },
          { call: 'configure_deploy' },
          { call: 'order_form' },
          { call: 'pay_a_bill', arguments: { amount: 5 } },
          // As above: each replica learns "connected" on the first call it serves.
          ...Array.from({ length: 4 }, () => ({ call: 'access_github' })),
        ];
        const run = await runPythonClient({
          transport: 'http',
          target: [fleet.url],
          mode: 'legacy',
          values: SEED_TOUR_VALUES,
          steps,
        });
        expect(run.protocolVersion).toBe('2025-11-25');
        const [greet, card, contact, order, deploy, pizza, bill, ...github] = run.steps;
        expect(pythonText(greet!)).toBe('Hello, Ada Lovelace!');
        expect(greet!.asked.map((params) => params.message)).toStrictEqual(['What is your name?']);
        expect(pythonText(card!)).toContain('Ada Lovelace (36)');
        expect(pythonText(contact!)).toBe('Thanks Ada Lovelace, we will write to ada@example.com.');
        expect(pythonText(order!)).toMatch(
          /^Order ch_\d{4} placed: 2 × gadget to Ada Lovelace, \$67 charged\.$/,
        );
        expect(order!.asked.map((params) => params.message)).toStrictEqual([
          'Where should we ship 2 × gadget?',
          'The total is $67 including $7 shipping. Place the order?',
        ]);
        expect(pythonText(deploy!)).toBe('Deploying 2 replica(s) to prod.');
        expect(pythonText(pizza!)).toBe('A L pizza with cheese, olives.');
        expect(pythonText(bill!)).toBe('Payment of $5 started on the payment page.');
        expect(bill!.asked).toHaveLength(1);
        expect(github.map(pythonText)).toContain(REPOSITORIES);
      },
      FLEET_TIMEOUT_MS,
    );
  });
});

function pythonText(outcome: PythonOutcome): string {
  const content = (outcome.result?.content ?? []) as Array<{ text?: string }>;
  return content.map((block) => block.text ?? '').join('');
}
