import 'reflect-metadata';
import type { Client } from '@modelcontextprotocol/client';
import { Context, Ctx, ElicitRequestParams, Tool, Tools } from 'elicitor';
import { RedisFleet, RedisStateStore } from 'elicitor/redis';
import { RedisServer } from '../../reliability/src/support/redis-server.js';
import { officialClient } from '../support/official-client.js';
import { textOf } from '../support/transports.js';
import { describeWhen } from '../support/test-requirements.js';
import {
  callOnFirstReplica,
  connectRouted,
  kindOf,
  quietLogger,
  startReplicas,
} from './support/fleet-replicas.js';
import type { Replicas } from './support/fleet-replicas.js';

// A redis-server of the spec's own, frozen and stopped; LEGACY_OUTAGE_PORT moves it off 6441.
const PORT = Number(process.env.LEGACY_OUTAGE_PORT ?? 6441);
const COMMAND_TIMEOUT_MS = 500;
const hasRedis = await RedisServer.available();
const describeWithRedis = describeWhen('redisBinaries', hasRedis);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Lets the test decide when a call goes on: the gate opens once the test froze Redis. */
const gate = { opened: Promise.resolve(), open: () => {} };

@Tools()
class OutageTools {
  @Tool({ description: 'Asks a name' })
  async ask(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit(
      'name',
      ElicitRequestParams.form('Your name?').withRequired('name', 'string'),
    );
    return `hello ${String(answer.content()?.name)}`;
  }

  @Tool({ description: 'Asks a name, then records a greeting once' })
  async greet(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit(
      'name',
      ElicitRequestParams.form('Your name?').withRequired('name', 'string'),
    );
    return ctx.once('greeting', () => `hello ${String(answer.content()?.name)}`);
  }

  @Tool({ description: 'Reports progress (its stream opens), waits for the gate, then asks a name' })
  async later(@Ctx() ctx: Context): Promise<string> {
    await ctx.progress(1, 2, 'started');
    await gate.opened;
    const answer = await ctx.elicit(
      'name',
      ElicitRequestParams.form('Your name?').withRequired('name', 'string'),
    );
    return `hello ${String(answer.content()?.name)}`;
  }
}

/** The official client on 2025-11-25; `beforeAnswer` runs when it is asked, before it answers. */
async function connect(
  replicas: Replicas,
  beforeAnswer: () => Promise<void>,
  errors: string[],
  route = callOnFirstReplica(1),
) {
  const client: Client = officialClient({
    era: 'legacy',
    onElicit: async () => {
      await beforeAnswer();
      return { action: 'accept', content: { name: 'Ada' } };
    },
  });
  client.onerror = (error) => void errors.push(error.message);
  // By default the call and its question on replica 0; the answer (and every other POST) on replica 1.
  await connectRouted(client, replicas.urls, route);
  return client;
}

describeWithRedis('2025-11-25 calls across a Redis outage of the fleet (needs redis-server)', () => {
  let redis: RedisServer;
  let replicas: Replicas;
  let fleets: RedisFleet[];

  beforeAll(async () => {
    redis = await RedisServer.start(PORT);
  });
  afterAll(async () => {
    await redis.close();
  });
  async function start(answerHoldMs: number): Promise<void> {
    const keyPrefix = `legacy-outage-${Date.now()}:`;
    const options = { keyPrefix, commandTimeoutMs: COMMAND_TIMEOUT_MS, logger: quietLogger };
    fleets = [0, 1].map(() => new RedisFleet(redis.url, options));
    replicas = await startReplicas(
      fleets.map((fleet) => ({ fleet, store: new RedisStateStore(redis.url, options) })),
      { tools: [OutageTools] },
      { legacySessions: { answerHoldMs } },
    );
  }
  afterEach(async () => {
    redis.thaw();
    await replicas.close();
  });

  it('holds an answer POSTed while Redis is frozen and delivers it: the call completes, the POST never fails', async () => {
    await start(10_000);
    const errors: string[] = [];
    const client = await connect(
      replicas,
      async () => {
        redis.freeze();
        setTimeout(() => redis.thaw(), 3_000);
      },
      errors,
    );
    const started = Date.now();
    const result = await client.callTool({ name: 'ask', arguments: {} });
    expect(textOf(result)).toBe('hello Ada');
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(errors).toEqual([]);
    await client.close();
  }, 30_000);

  it('answers 503 once Redis outlasts the hold, and still delivers the answer once Redis is back', async () => {
    await start(1_000);
    const errors: string[] = [];
    let thawedAt = 0;
    const client = await connect(
      replicas,
      async () => {
        redis.freeze();
        setTimeout(() => {
          thawedAt = Date.now();
          redis.thaw();
        }, 4_000);
      },
      errors,
    );
    const result = await client.callTool({ name: 'ask', arguments: {} });
    expect(textOf(result)).toBe('hello Ada');
    // Served soon after Redis is back: not at the client's timeout.
    expect(Date.now() - thawedAt).toBeLessThan(3_000);
    expect(errors.some((error) => /Redis\) is unavailable/.test(error))).toBe(true);
    await client.close();
  }, 30_000);

  it('delivers an answer that outlasted the hold on a replica that never loaded the session, once Redis is back empty', async () => {
    await start(1_000);
    const errors: string[] = [];
    let backAt = 0;
    const client = await connect(
      replicas,
      async () => {
        await redis.stop();
        setTimeout(() => {
          redis.forgetData();
          void redis.restart().then(() => (backAt = Date.now()));
        }, 3_000);
      },
      errors,
      // Everything on replica 0 but the answer: replica 1 first hears of the session from it.
      ({ method, body }) => (method === 'POST' && kindOf(body) === 'response' ? 1 : 0),
    );
    const result = await client.callTool({ name: 'ask', arguments: {} });
    // The session is forgotten, yet the call on replica 0 takes the answer: not at the client's timeout.
    expect(textOf(result)).toBe('hello Ada');
    expect(Date.now() - backAt).toBeLessThan(3_000);
    expect(errors.some((error) => /Redis\) is unavailable/.test(error))).toBe(true);
    await client.close().catch(() => undefined);
  }, 30_000);

  it('ends a call whose answer reached its own replica during the outage with the error naming Redis, at once', async () => {
    await start(1_000);
    const errors: string[] = [];
    let answeredAt = 0;
    const client = await connect(
      replicas,
      async () => {
        redis.freeze();
        answeredAt = Date.now();
      },
      errors,
      () => 0,
    );
    const outcome = await client.callTool({ name: 'greet', arguments: {} }).then(
      (result) => ({ text: textOf(result) }),
      (error: { code?: number; message: string }) => ({ code: error.code, text: error.message }),
    );
    // The answer settled the question here; the `once` after it found Redis out and said so.
    expect(outcome).toMatchObject({ code: -32000, text: expect.stringContaining('Redis') });
    expect(Date.now() - answeredAt).toBeLessThan(COMMAND_TIMEOUT_MS * 8);
    expect(errors).toEqual([]);
    redis.thaw();
    await client.close();
  }, 30_000);

  it("takes an answer relayed while its replica's subscriber was reconnecting from the call's journal", async () => {
    await start(10_000);
    const { Redis } = await import('ioredis');
    const admin = new Redis(redis.url);
    const errors: string[] = [];
    const client = await connect(
      replicas,
      async () => {
        // Every subscriber connection drops: the answer is relayed before they listen again.
        await admin.call('CLIENT', 'KILL', 'TYPE', 'pubsub');
      },
      errors,
    );
    const started = Date.now();
    const result = await client.callTool({ name: 'ask', arguments: {} });
    expect(textOf(result)).toBe('hello Ada');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(errors).toEqual([]);
    await client.close();
    admin.disconnect();
  }, 30_000);

  it('takes such an answer on a copy whose session Redis forgot, while the call still runs there', async () => {
    await start(10_000);
    const { Redis } = await import('ioredis');
    const admin = new Redis(redis.url);
    const client = await connect(replicas, async () => {
      await admin.call('CLIENT', 'KILL', 'TYPE', 'pubsub');
    }, []);
    try {
      await client.listTools();
      const sessionId = (client.transport as unknown as { sessionId: string }).sessionId;
      // Forgotten as by a Redis that came back empty: replica 0 learns it from the call's own request.
      expect(await fleets[0]!.sessions.remove(sessionId)).toBe(true);
      const result = await client.callTool({ name: 'ask', arguments: {} }, { timeout: 10_000 });
      expect(textOf(result)).toBe('hello Ada');
    } finally {
      await client.close().catch(() => undefined);
      admin.disconnect();
    }
  }, 30_000);

  it('ends a call whose stream is open when Redis stops with an error naming Redis, on that stream', async () => {
    await start(1_000);
    let release!: () => void;
    gate.opened = new Promise<void>((resolve) => (release = resolve));
    const client = await connect(replicas, async () => {}, []);
    let progressed!: () => void;
    const progress = new Promise<void>((resolve) => (progressed = resolve));
    const call = client.callTool({ name: 'later', arguments: {} }, { onprogress: () => progressed() }).then(
      (result) => ({ text: textOf(result) }),
      (error: { code?: number; message: string }) => ({ code: error.code, text: error.message }),
    );
    await progress;
    await redis.stop();
    const stoppedAt = Date.now();
    release();
    const outcome = await call;
    expect(outcome).toMatchObject({ code: -32000, text: expect.stringContaining('Redis') });
    expect(Date.now() - stoppedAt).toBeLessThan(COMMAND_TIMEOUT_MS * 6);
    await redis.restart();
    await client.close().catch(() => undefined);
    await sleep(100);
  }, 30_000);
});
