import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Cluster } from 'ioredis';
import { Elicitor } from 'elicitor';
import type { ElicitorApp } from 'elicitor';
import { RedisStateStore, redisConnectionOptions } from 'elicitor/redis';
import { TestClient } from 'elicitor/testing';
import { describeStateStoreContract } from '../../src/mrtr/stores/state-store-contract.js';
import { RedisCluster } from '../../reliability/src/support/redis-cluster.js';
import { RedisServer } from '../../reliability/src/support/redis-server.js';
import { PaymentFlow, effects, resetEffects } from '../mrtr/payment-flow.fixture.js';
import { describeWhen } from '../support/test-requirements.js';

// Six redis-server nodes of the test's own; REDIS_CLUSTER_PORT moves them off 6420-6425.
const FIRST_PORT = Number(process.env.REDIS_CLUSTER_PORT ?? 6420);
const COMMAND_TIMEOUT_MS = 1_000;
const FLOWS = 30;
const hasRedis = await RedisServer.available();
const describeWithRedis = describeWhen('redisBinaries', hasRedis);
const quiet = { info() {}, warn() {}, error() {} };

type Body = Record<string, unknown>;
const CONFIRM = { confirm: { action: 'accept', content: { ok: true } } };
const NOTE = { note: { action: 'accept', content: { note: 'n' } } };
const stateOf = (body: Body) => (body.result as { requestState: string }).requestState;
const textOf = (body: Body) => (body.result as { content: Array<{ text: string }> }).content[0]!.text;

describeWithRedis('the Redis store on a Redis Cluster (starts its own six nodes)', () => {
  let cluster: RedisCluster;
  let client: Cluster;

  beforeAll(async () => {
    cluster = await RedisCluster.start(FIRST_PORT);
    client = new Cluster(cluster.startupNodes, { redisOptions: redisConnectionOptions(COMMAND_TIMEOUT_MS) });
  }, 60_000);
  afterAll(async () => {
    await client.quit().catch(() => client.disconnect());
    await cluster.close();
  });

  describeStateStoreContract('RedisStateStore on a Cluster client', {
    create: () => new RedisStateStore(client, { keyPrefix: `cluster-${randomUUID()}:`, logger: quiet }),
    elapse: (ms) => sleep(ms),
    shortTtlMs: 50,
  });

  it('a master failing over under load ends rounds with the retryable error, and retries then succeed', async () => {
    resetEffects();
    const store = new RedisStateStore(client, {
      keyPrefix: `failover-${randomUUID()}:`,
      commandTimeoutMs: COMMAND_TIMEOUT_MS,
      logger: quiet,
    });
    const app: ElicitorApp = await Elicitor.create({
      name: 'cluster',
      version: '1',
      tools: [PaymentFlow],
      store,
      logger: quiet,
      requestState: { keys: ['cluster-secret-0123456789abcdef0123'], leaseMs: 2_000 },
    });
    const test = TestClient.forApp(app);
    const round = async (params: Body) =>
      (await test.request('tools/call', { name: 'pay', arguments: { amount: 3 }, ...params })).body;
    const errors = new Map<string, number>();
    const untilServed = async (params: Body): Promise<Body> => {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const body = await round(params);
        const error = body.error as { message: string; data?: { reason?: string } } | undefined;
        if (error === undefined) return body;
        errors.set(error.message, (errors.get(error.message) ?? 0) + 1);
        const retryable =
          error.data?.reason === 'store_unavailable' ||
          /already being processed|is running/.test(error.message);
        if (!retryable || Date.now() > deadline) return body;
        await sleep(100 + Math.random() * 200);
      }
    };
    try {
      const firsts = await Promise.all(Array.from({ length: FLOWS }, () => round({})));
      // A third of the slots lose their master until its replica takes over, a few seconds later.
      await (await cluster.masterOf('a')).kill();
      const rounds = firsts.map(async (first) => {
        const s2 = stateOf(await untilServed({ requestState: stateOf(first), inputResponses: CONFIRM }));
        return untilServed({ requestState: s2, inputResponses: NOTE });
      });
      const finals = await Promise.all(rounds);
      expect(finals.map((body) => (body.error === undefined ? textOf(body) : body.error))).toStrictEqual(
        Array.from({ length: FLOWS }, () => expect.stringMatching(/^Paid \$4 as ch_\d+: n$/)),
      );
      const refusals = [...errors.keys()];
      expect(refusals).toContain('The state store (Redis) is unavailable; retry the call in a moment');
      expect(
        refusals.filter((message) => !/Redis|already being processed|is running/.test(message)),
      ).toStrictEqual([]);
      expect(effects).toStrictEqual({ quotes: FLOWS, charges: FLOWS, receipts: FLOWS });
    } finally {
      await app.close();
    }
  }, 60_000);
});
