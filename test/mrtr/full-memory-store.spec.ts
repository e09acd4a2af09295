import 'reflect-metadata';
import { FakeClock, MemoryStateStore, TestClient } from 'elicitor/testing';
import { effects, PaymentFlow, resetEffects } from './payment-flow.fixture.js';

type Body = Record<string, unknown>;
type Reply = { status: number; body: Body };

const STATE_TTL_MS = 600_000;
const MAX_BYTES = 32 * 1024;
const resultOf = (reply: Reply) =>
  reply.body.result as { requestState?: string; content?: Array<{ text: string }> } | undefined;
const errorOf = (reply: Reply) => reply.body.error as { message: string } | undefined;
const confirm: Body = { confirm: { action: 'accept', content: { ok: true } } };
const note: Body = { note: { action: 'accept', content: { note: 'thanks' } } };

/**
 * A memory store too small for its load drops records still in their TTL. A requestState that may need
 * one is then refused as expired: a `once` effect or a final round never runs twice.
 */
describe('exactly once on a full memory store', () => {
  let clock: FakeClock;
  let store: MemoryStateStore;
  let client: TestClient;
  let warnings: string[];

  beforeEach(async () => {
    resetEffects();
    clock = new FakeClock();
    warnings = [];
    await start(new MemoryStateStore({ clock, maxBytes: MAX_BYTES }));
  });
  afterEach(() => client.close());

  async function start(memory: MemoryStateStore): Promise<void> {
    store = memory;
    client = await TestClient.create({
      tools: [PaymentFlow],
      store,
      clock,
      requestState: { ttlMs: STATE_TTL_MS },
      logger: { info: () => {}, error: () => {}, warn: (message: string) => warnings.push(message) },
    });
  }

  const round = (requestState?: string, inputResponses?: Body): Promise<Reply> =>
    client.request('tools/call', {
      name: 'pay',
      arguments: { amount: 5 },
      ...(requestState ? { requestState, inputResponses } : {}),
    });

  /** Later traffic, one millisecond on, that leaves too little room for any other record. */
  const fill = async () => {
    clock.advance(1);
    await store.set(`final:other-${clock.now()}`, 'r'.repeat(MAX_BYTES - 600), STATE_TTL_MS);
  };

  async function chargedFlow(): Promise<{ s1: string; s2: string }> {
    const s1 = resultOf(await round())!.requestState!;
    clock.advance(1);
    const s2 = resultOf(await round(s1, confirm))!.requestState!;
    expect(effects.charges).toBe(1);
    return { s1, s2 };
  }

  it('refuses an older state whose once record was dropped, instead of charging again', async () => {
    const { s1 } = await chargedFlow();
    await fill();
    expect(store.droppedLive).toBeGreaterThan(0);
    const replayed = await round(s1, confirm);
    expect(errorOf(replayed)?.message).toBe('Invalid or expired requestState');
    expect(effects.charges).toBe(1);
    expect(warnings).toContainEqual(
      expect.stringMatching(/^requestState rejected: issued before the state store dropped/),
    );
  });

  it('refuses a retried final round whose result was dropped, instead of committing again', async () => {
    const { s2 } = await chargedFlow();
    clock.advance(1);
    const final = await round(s2, note);
    expect(resultOf(final)?.content).toStrictEqual([{ type: 'text', text: 'Paid $6 as ch_1: thanks' }]);
    await fill();
    const retried = await round(s2, note);
    expect(errorOf(retried)?.message).toBe('Invalid or expired requestState');
    expect(effects.receipts).toBe(1);
    expect(effects.charges).toBe(1);
  });

  it('leaves no lease behind on a refused round, and serves a call that starts after the drop', async () => {
    const { s1 } = await chargedFlow();
    await fill();
    await round(s1, confirm);
    // A lease left behind would answer the retry with "already being processed".
    expect(errorOf(await round(s1, confirm))?.message).toBe('Invalid or expired requestState');
    clock.advance(1);
    const fresh = resultOf(await round())!.requestState!;
    clock.advance(1);
    const s2 = resultOf(await round(fresh, confirm))!.requestState!;
    clock.advance(1);
    const final = await round(s2, note);
    expect(resultOf(final)?.content).toStrictEqual([{ type: 'text', text: 'Paid $6 as ch_2: thanks' }]);
  });

  it('goes on with a call whose own records were kept while another call lost its records', async () => {
    // The waiting call's state is issued before the other call writes (and loses) its records.
    const waiting = resultOf(await round())!.requestState!;
    clock.advance(1);
    const { s1 } = await chargedFlow();
    await fill();
    expect(errorOf(await round(s1, confirm))?.message).toBe('Invalid or expired requestState');
    expect(effects.charges).toBe(1);
    clock.advance(1);
    const s2 = resultOf(await round(waiting, confirm))!.requestState!;
    expect(effects.charges).toBe(2);
    clock.advance(1);
    const final = await round(s2, note);
    expect(resultOf(final)?.content).toStrictEqual([{ type: 'text', text: 'Paid $6 as ch_2: thanks' }]);
    expect(effects.receipts).toBe(1);
  });

  it('refuses every older state once it drops more keys than it remembers', async () => {
    await client.close();
    await start(new MemoryStateStore({ clock, maxBytes: MAX_BYTES, maxDroppedKeys: 1 }));
    const waiting = resultOf(await round())!.requestState!;
    clock.advance(1);
    const { s1 } = await chargedFlow();
    await fill();
    await fill();
    expect(store.droppedLive).toBeGreaterThan(1);
    expect(errorOf(await round(s1, confirm))?.message).toBe('Invalid or expired requestState');
    expect(errorOf(await round(waiting, confirm))?.message).toBe('Invalid or expired requestState');
    expect(effects.charges).toBe(1);
  });

  it('answers a retried final round from its record through the whole state TTL, sweeps and all', async () => {
    const { s2 } = await chargedFlow();
    clock.advance(1);
    await round(s2, note);
    clock.advance(STATE_TTL_MS - 10);
    expect(store.sweepExpired()).toBe(0);
    const retried = await round(s2, note);
    expect(resultOf(retried)?.content).toStrictEqual([{ type: 'text', text: 'Paid $6 as ch_1: thanks' }]);
    expect(effects.receipts).toBe(1);
    expect(effects.charges).toBe(1);
    clock.advance(10);
    expect(store.sweepExpired()).toBeGreaterThan(0);
    expect(errorOf(await round(s2, note))?.message).toBe('Invalid or expired requestState');
  });
});
