import 'reflect-metadata';
import { MemoryStateStore, OUTCOME_UNKNOWN_MESSAGE, type StateStore } from 'elicitor';
import { RedisStateStore } from 'elicitor/redis';
import { TestClient } from 'elicitor/testing';
import { Redis } from 'ioredis';
import { effects, PaymentFlow, resetEffects } from './payment-flow.fixture.js';

type Body = Record<string, unknown>;
type Reply = { status: number; body: Body };

const resultOf = (reply: Reply) =>
  reply.body.result as { requestState?: string; content?: Array<{ text: string }> } | undefined;
const errorOf = (reply: Reply) =>
  reply.body.error as { code: number; message: string; data?: Body } | undefined;
const confirm: Body = { confirm: { action: 'accept', content: { ok: true } } };
const note: Body = { note: { action: 'accept', content: { note: 'thanks' } } };

interface ForgettingStore {
  /** The server's store now. */
  store(): StateStore;
  /** Makes the store lose every record: a flush, or a restart without persistence (`restart`). */
  forget(): Promise<'restart' | 'flushed'>;
  close(): Promise<void>;
}

/**
 * A store that loses its records (restarted empty, flushed) must not let a final round re-sent after it
 * charge or commit a second time: the state carries the store generation it was issued under, and a
 * round from an earlier generation is refused with "outcome unknown" before anything runs.
 */
function describeForgettingStore(title: string, make: () => Promise<ForgettingStore>, enabled = true): void {
  (enabled ? describe : describe.skip)(title, () => {
    let backing: ForgettingStore;
    let client: TestClient;
    let warnings: string[];

    const forget = async () => {
      if ((await backing.forget()) === 'flushed') return;
      await client.close();
      await start();
    };
    const start = async () => {
      client = await TestClient.create({
        tools: [PaymentFlow],
        store: backing.store(),
        logger: { info: () => {}, error: () => {}, warn: (message: string) => warnings.push(message) },
      });
    };

    beforeEach(async () => {
      resetEffects();
      warnings = [];
      backing = await make();
      await start();
    });
    afterEach(async () => {
      await client.close();
      await backing.close();
    });

    const round = (requestState?: string, inputResponses?: Body): Promise<Reply> =>
      client.request('tools/call', {
        name: 'pay',
        arguments: { amount: 5 },
        ...(requestState ? { requestState, inputResponses } : {}),
      });

    async function completedFlow(): Promise<{ s1: string; s2: string }> {
      const s1 = resultOf(await round())!.requestState!;
      const s2 = resultOf(await round(s1, confirm))!.requestState!;
      const final = await round(s2, note);
      expect(resultOf(final)?.content).toStrictEqual([{ type: 'text', text: 'Paid $6 as ch_1: thanks' }]);
      return { s1, s2 };
    }

    const expectOutcomeUnknown = (reply: Reply) => {
      expect(errorOf(reply)).toStrictEqual({
        code: -32602,
        message: OUTCOME_UNKNOWN_MESSAGE,
        data: { reason: 'outcome_unknown' },
      });
    };

    it('refuses a final round re-sent after the store forgot, so nothing is charged or committed twice', async () => {
      const { s2 } = await completedFlow();
      await forget();
      expectOutcomeUnknown(await round(s2, note));
      expect(effects).toMatchObject({ charges: 1, receipts: 1 });
      expect(warnings).toContainEqual(
        expect.stringMatching(/^requestState refused: .*\(1 refused so far\)$/),
      );
    });

    it('refuses an earlier round re-sent after the store forgot, before its once effect runs', async () => {
      const { s1 } = await completedFlow();
      await forget();
      expectOutcomeUnknown(await round(s1, confirm));
      expect(effects.charges).toBe(1);
    });

    it('serves calls started after a refusal, in the new generation', async () => {
      const { s2 } = await completedFlow();
      await forget();
      expectOutcomeUnknown(await round(s2, note));
      resetEffects();
      await completedFlow();
      expect(effects).toMatchObject({ charges: 1, receipts: 1 });
    });
  });
}

describeForgettingStore('a memory store lost with its process', async () => {
  let store = new MemoryStateStore();
  return {
    store: () => store,
    forget: async () => {
      // The server restarts with the same keys and an empty store of its own.
      await store.close();
      store = new MemoryStateStore();
      return 'restart' as const;
    },
    close: () => store.close(),
  };
});

const REDIS_URL = process.env.REDIS_URL;
describeForgettingStore(
  'a Redis store whose records are flushed (needs REDIS_URL)',
  async () => {
    const prefix = `elicitor-test:forgotten:${process.pid}:${Date.now()}:`;
    const admin = new Redis(REDIS_URL!);
    const store = new RedisStateStore(REDIS_URL!, { keyPrefix: prefix, durability: 'ignore' });
    return {
      store: () => store,
      // Only this suite's keys go, as FLUSHALL would take them: the Redis is shared with other specs.
      forget: async () => {
        const keys = await admin.keys(`${prefix}*`);
        if (keys.length > 0) await admin.del(...keys);
        return 'flushed' as const;
      },
      close: async () => {
        await store.close();
        await admin.quit();
      },
    };
  },
  REDIS_URL !== undefined,
);
