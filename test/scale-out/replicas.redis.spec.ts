import 'reflect-metadata';
import { Elicitor } from 'elicitor';
import type { ElicitorApp } from 'elicitor';
import { RedisStateStore } from 'elicitor/redis';
import { TestClient } from 'elicitor/testing';
import { PaymentFlow, effects, resetEffects } from '../mrtr/payment-flow.fixture.js';
import { describeWhen } from '../support/test-requirements.js';

const REDIS_URL = process.env.REDIS_URL;
const describeWithRedis = describeWhen('redis');
const SHARED_KEYS = ['replica-shared-secret-0123456789abcdef'];

/** Two replicas that share only a keyring and a Redis store; rounds of one call alternate between them. */
describeWithRedis('replicas sharing a keyring and a Redis store (needs REDIS_URL)', () => {
  let replicas: ElicitorApp[];
  let clients: TestClient[];
  let stores: RedisStateStore[];

  beforeEach(async () => {
    resetEffects();
    const prefix = `elicitor-test:${process.pid}:${Date.now()}:`;
    stores = [
      new RedisStateStore(REDIS_URL!, { keyPrefix: prefix }),
      new RedisStateStore(REDIS_URL!, { keyPrefix: prefix }),
    ];
    replicas = await Promise.all(
      stores.map((store) =>
        Elicitor.create({
          name: 'replica',
          version: '1',
          tools: [PaymentFlow],
          store,
          requestState: { keys: SHARED_KEYS },
        }),
      ),
    );
    clients = replicas.map((replica) => TestClient.forApp(replica));
  });
  afterEach(async () => {
    await Promise.all(replicas.map((replica) => replica.close()));
  });

  const call = async (replica: number, extra: Record<string, unknown> = {}) =>
    (await clients[replica]!.request('tools/call', { name: 'pay', arguments: { amount: 3 }, ...extra })).body;
  const stateOf = (body: Record<string, unknown>) => (body.result as { requestState: string }).requestState;

  it('serves each round on any replica, charging and committing once', async () => {
    const s1 = stateOf(await call(0));
    const s2 = stateOf(
      await call(1, {
        requestState: s1,
        inputResponses: { confirm: { action: 'accept', content: { ok: true } } },
      }),
    );
    const replayOnOther = await call(0, {
      requestState: s1,
      inputResponses: { confirm: { action: 'accept', content: { ok: true } } },
    });
    expect((replayOnOther.result as { resultType: string }).resultType).toBe('input_required');
    const finalRound = {
      requestState: s2,
      inputResponses: { note: { action: 'accept', content: { note: 'r' } } },
    };
    const done = await call(0, finalRound);
    const retriedElsewhere = await call(1, finalRound);
    expect(retriedElsewhere.result).toStrictEqual(done.result);
    expect(effects).toStrictEqual({ quotes: 1, charges: 1, receipts: 1 });
  });

  it('refuses, on either replica, an older branch answered otherwise once the charge ran', async () => {
    const s1 = stateOf(await call(0));
    const s2 = stateOf(
      await call(1, {
        requestState: s1,
        inputResponses: { confirm: { action: 'accept', content: { ok: true } } },
      }),
    );
    for (const replica of [0, 1]) {
      const replay = await call(replica, {
        requestState: s1,
        inputResponses: { confirm: { action: 'accept', content: { ok: false } } },
      });
      expect((replay.error as { data: unknown }).data).toStrictEqual({
        reason: 'conflicting_answer',
        key: 'confirm',
      });
    }
    const done = await call(0, {
      requestState: s2,
      inputResponses: { note: { action: 'accept', content: { note: 'n' } } },
    });
    expect((done.result as { content: unknown }).content).toStrictEqual([
      { type: 'text', text: 'Paid $4 as ch_1: n' },
    ]);
    expect(effects).toStrictEqual({ quotes: 1, charges: 1, receipts: 1 });
  });
});
