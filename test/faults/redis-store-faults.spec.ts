import 'reflect-metadata';
import { jest } from '@jest/globals';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Elicitor, StoreUnavailableError } from 'elicitor';
import type { ElicitorApp } from 'elicitor';
import { RedisStateStore } from 'elicitor/redis';
import { RedisServer } from '../../reliability/src/support/redis-server.js';
import { PaymentFlow, effects, resetEffects, setAfterCharge } from '../mrtr/payment-flow.fixture.js';
import { modernRequest, postToolCall } from '../docs/support/modern-http.js';
import type { Body } from '../docs/support/modern-http.js';
import { connectHttp, officialClient } from '../support/official-client.js';
import { describeWhen } from '../support/test-requirements.js';

// A redis-server of the test's own, frozen, stopped and restarted; REDIS_FAULTS_PORT moves it off 6402.
const PORT = Number(process.env.REDIS_FAULTS_PORT ?? 6402);
const COMMAND_TIMEOUT_MS = 500;
const hasRedis = await RedisServer.available();
const describeWithRedis = describeWhen('redisBinaries', hasRedis);
const quiet = { info() {}, warn() {}, error() {} };

const CONFIRM = { confirm: { action: 'accept', content: { ok: true } } };
const NOTE = { note: { action: 'accept', content: { note: 'n' } } };
const pay = (extra: Body = {}) => ({ name: 'pay', arguments: { amount: 3 }, ...extra });
const stateOf = (body: Body) => (body.result as { requestState: string }).requestState;
const textOf = (body: Body) => (body.result as { content: Array<{ text: string }> }).content[0]!.text;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function serve(redisUrl: string): Promise<{ app: ElicitorApp; url: string }> {
  const store = new RedisStateStore(redisUrl, {
    keyPrefix: `faults-${Date.now()}:`,
    commandTimeoutMs: COMMAND_TIMEOUT_MS,
    logger: quiet,
  });
  const app = await Elicitor.create({
    name: 'redis-faults',
    version: '1',
    tools: [PaymentFlow],
    store,
    logger: quiet,
    requestState: { keys: ['redis-faults-secret-0123456789abcdef'], leaseMs: 2_000 },
  });
  const { port } = await app.listen({ http: { port: 0, host: '127.0.0.1' } });
  return { app, url: `http://127.0.0.1:${port}/mcp` };
}

/** Sends the round, timing it; the reply with its Retry-After header. */
async function timedRound(url: string, params: Body) {
  const started = Date.now();
  const round = { id: 7, method: 'tools/call', name: 'pay', params, capabilities: { elicitation: {} } };
  const response = await fetch(modernRequest(url, round));
  return {
    ms: Date.now() - started,
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as Body,
  };
}

function expectStoreUnavailable(reply: { status: number; retryAfter: string | null; body: Body }): void {
  expect(reply.status).toBe(503);
  expect(reply.retryAfter).toBe('1');
  expect(reply.body.error).toStrictEqual({
    code: -32000,
    message: 'The state store (Redis) is unavailable; retry the call in a moment',
    data: { reason: 'store_unavailable', store: 'Redis', retryAfterSeconds: 1 },
  });
}

describeWithRedis('a Redis store that fails (starts its own redis-server)', () => {
  let consoleError: jest.SpiedFunction<typeof console.error>;
  beforeEach(() => {
    resetEffects();
    consoleError = jest.spyOn(console, 'error');
  });
  afterEach(() => {
    // ioredis writes "[ioredis] Unhandled error event" there when nobody listens to its client.
    const unhandled = consoleError.mock.calls.filter((args) => String(args[0]).includes('Unhandled error'));
    consoleError.mockRestore();
    expect(unhandled).toStrictEqual([]);
  });

  it('down from the start: answers at once with the retryable store error, never a 500', async () => {
    const { app, url } = await serve(`redis://127.0.0.1:${await freePort()}`);
    try {
      // Even a first round: the call would be sealed with the store's generation, which cannot be read.
      for (let attempt = 0; attempt < 3; attempt++) {
        const reply = await timedRound(url, pay());
        expectStoreUnavailable(reply);
        expect(reply.ms).toBeLessThan(COMMAND_TIMEOUT_MS + 1_000);
      }
      expect(effects.charges).toBe(0);
    } finally {
      await app.close();
    }
  });

  describe('with a redis-server that freezes, stops and comes back', () => {
    let redis: RedisServer;
    let app: ElicitorApp;
    let url: string;
    beforeAll(async () => {
      redis = await RedisServer.start(PORT);
    });
    afterAll(async () => {
      await redis.close();
    });
    beforeEach(async () => {
      ({ app, url } = await serve(redis.url));
    });
    afterEach(async () => {
      redis.thaw();
      await app.close();
    });

    it('frozen (SIGSTOP): answers within the command timeout, then recovers after SIGCONT', async () => {
      const s1 = stateOf((await postToolCall(url, pay())).body);
      redis.freeze();
      const frozen = await timedRound(url, pay({ requestState: s1, inputResponses: CONFIRM }));
      expectStoreUnavailable(frozen);
      expect(frozen.ms).toBeLessThan(COMMAND_TIMEOUT_MS * 3);
      redis.thaw();
      const s2 = stateOf(await retryUntilServed(url, pay({ requestState: s1, inputResponses: CONFIRM })));
      const done = await retryUntilServed(url, pay({ requestState: s2, inputResponses: NOTE }));
      expect(textOf(done)).toBe('Paid $4 as ch_1: n');
      expect(effects).toStrictEqual({ quotes: 1, charges: 1, receipts: 1 });
    });

    it('stopped, then started again empty: fails fast while down, refuses what it forgot, serves new calls', async () => {
      const s1 = stateOf((await postToolCall(url, pay())).body);
      await redis.stop();
      const down = await timedRound(url, pay({ requestState: s1, inputResponses: CONFIRM }));
      expectStoreUnavailable(down);
      expect(down.ms).toBeLessThan(COMMAND_TIMEOUT_MS + 1_000);
      expectStoreUnavailable(await timedRound(url, pay()));
      // Without persistence Redis comes back empty: the call from before is of unknown outcome.
      await redis.restart();
      const forgotten = await retryUntilAnswered(url, pay({ requestState: s1, inputResponses: CONFIRM }));
      expect((forgotten.error as { data?: unknown }).data).toStrictEqual({ reason: 'outcome_unknown' });
      const fresh = stateOf(await retryUntilServed(url, pay()));
      const s2 = stateOf(await retryUntilServed(url, pay({ requestState: fresh, inputResponses: CONFIRM })));
      const done = await retryUntilServed(url, pay({ requestState: s2, inputResponses: NOTE }));
      expect(textOf(done)).toBe('Paid $4 as ch_1: n');
      // The first round refused while down ran its handler (a memo, no effect) before it could seal.
      expect(effects).toStrictEqual({ quotes: 3, charges: 1, receipts: 1 });
    });

    it('a once effect that ran while Redis froze is recorded once it is back, and never runs again', async () => {
      const s1 = stateOf((await postToolCall(url, pay())).body);
      // The charge runs; its record then meets a frozen store.
      setAfterCharge(() => redis.freeze());
      let s2: string;
      try {
        s2 = stateOf((await postToolCall(url, pay({ requestState: s1, inputResponses: CONFIRM }))).body);
      } finally {
        setAfterCharge(undefined);
        redis.thaw();
      }
      // The older state again, on the same replica: the charge is recorded, not run a second time.
      await retryUntilServed(url, pay({ requestState: s1, inputResponses: CONFIRM }));
      const done = await retryUntilServed(url, pay({ requestState: s2, inputResponses: NOTE }));
      expect(textOf(done)).toBe('Paid $4 as ch_1: n');
      expect(effects).toStrictEqual({ quotes: 1, charges: 1, receipts: 1 });
    });

    it('the 2025 wire gets a JSON-RPC error that names the store', async () => {
      await redis.stop();
      const client = await connectHttp(
        officialClient({
          era: 'legacy',
          onElicit: () => ({ action: 'accept', content: { ok: true, note: 'n' } }),
        }),
        url,
      );
      try {
        await expect(client.callTool({ name: 'pay', arguments: { amount: 3 } })).rejects.toThrow(
          'The state store (Redis) is unavailable; retry the call in a moment',
        );
      } finally {
        await client.close();
        await redis.restart();
      }
    });
  });
});

/** Retries a round refused as retryable (the store, or a lease a fault left behind) until it is served. */
async function retryUntilServed(url: string, params: Body): Promise<Body> {
  const body = await retryUntilAnswered(url, params);
  expect(body.error).toBeUndefined();
  return body;
}

/** Retries a round refused as retryable until it gets a result or another error. */
async function retryUntilAnswered(url: string, params: Body): Promise<Body> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const reply = await postToolCall(url, params);
    const error = reply.body.error as { message?: string; data?: { reason?: string } } | undefined;
    const retryable =
      error?.data?.reason === 'store_unavailable' ||
      /already being processed|is running/.test(error?.message ?? '');
    if (!retryable || Date.now() > deadline) return reply.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it('StoreUnavailableError has a stable code', () => {
  expect(new StoreUnavailableError('Redis').code).toBe('STORE_UNAVAILABLE');
});
