import 'reflect-metadata';
import { FakeClock, TestClient } from 'elicitor/testing';
import { PaymentFlow, effects, resetEffects } from './payment-flow.fixture.js';

const FIXED_MESSAGE = 'Invalid or expired requestState';
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const rejected: string[] = [];
const logger = { ...quiet, warn: (message: string) => rejected.push(message) };

type Body = Record<string, unknown>;

describe('sealed requestState refuses every forgery with one fixed error and runs nothing', () => {
  let clock: FakeClock;
  let client: TestClient;

  const call = async (name: string, args: Body, extra: Body = {}): Promise<Body> =>
    (await client.request('tools/call', { name, arguments: args, ...extra })).body;
  const resultOf = (body: Body) =>
    body.result as { resultType: string; requestState: string; content?: unknown[] };

  /** Round 1 state (asks confirm) and round 2 state (charged, asks note). */
  async function firstTwoRounds(): Promise<{ s1: string; s2: string }> {
    const s1 = resultOf(await call('pay', { amount: 5 })).requestState;
    const s2 = resultOf(
      await call(
        'pay',
        { amount: 5 },
        { requestState: s1, inputResponses: { confirm: { action: 'accept', content: { ok: true } } } },
      ),
    ).requestState;
    return { s1, s2 };
  }

  beforeEach(async () => {
    resetEffects();
    rejected.length = 0;
    clock = new FakeClock();
    client = await TestClient.create({ tools: [PaymentFlow], clock, logger });
  });
  afterEach(() => client.close());

  function expectRefused(body: Body, reason: string): void {
    expect(body.error).toStrictEqual({
      code: -32602,
      message: FIXED_MESSAGE,
      data: { reason: 'invalid_request_state' },
    });
    expect(rejected.some((line) => line.includes(reason))).toBe(true);
  }

  it('refuses a state with one flipped bit', async () => {
    const s1 = resultOf(await call('pay', { amount: 5 })).requestState;
    const position = s1.length - 10;
    const flipped = s1.slice(0, position) + (s1[position] === 'A' ? 'B' : 'A') + s1.slice(position + 1);
    const body = await call(
      'pay',
      { amount: 5 },
      { requestState: flipped, inputResponses: { confirm: { action: 'accept', content: { ok: true } } } },
    );
    expectRefused(body, 'tampered');
    expect(effects.charges).toBe(0);
  });

  it('refuses an expired state', async () => {
    const s1 = resultOf(await call('pay', { amount: 5 })).requestState;
    clock.advance(10 * 60_000 + 1);
    const body = await call(
      'pay',
      { amount: 5 },
      { requestState: s1, inputResponses: { confirm: { action: 'accept', content: { ok: true } } } },
    );
    expectRefused(body, 'expired');
    expect(effects.charges).toBe(0);
  });

  it('refuses a state replayed onto another tool or other arguments', async () => {
    const s1 = resultOf(await call('pay', { amount: 5 })).requestState;
    const answers = { inputResponses: { confirm: { action: 'accept', content: { ok: true } } } };
    expectRefused(
      await call('pay_again', { amount: 5 }, { requestState: s1, ...answers }),
      'binding_mismatch',
    );
    expectRefused(await call('pay', { amount: 6 }, { requestState: s1, ...answers }), 'binding_mismatch');
    expect(effects.charges).toBe(0);
  });

  it('refuses a state over the size cap before opening it', async () => {
    const body = await call('pay', { amount: 5 }, { requestState: `v1.${'A'.repeat(17_000)}` });
    expectRefused(body, 'oversized');
    expect(effects.quotes).toBe(0);
  });

  it('does not charge twice when an older state is replayed after once ran', async () => {
    const { s1 } = await firstTwoRounds();
    expect(effects.charges).toBe(1);
    const replay = await call(
      'pay',
      { amount: 5 },
      { requestState: s1, inputResponses: { confirm: { action: 'accept', content: { ok: true } } } },
    );
    expect(resultOf(replay).resultType).toBe('input_required');
    expect(effects.charges).toBe(1);
  });

  it('returns the stored final result on a retried final round, committing once', async () => {
    const { s2 } = await firstTwoRounds();
    const finalRound = {
      requestState: s2,
      inputResponses: { note: { action: 'accept', content: { note: 'thanks' } } },
    };
    const first = await call('pay', { amount: 5 }, finalRound);
    const retry = await call('pay', { amount: 5 }, finalRound);
    expect(resultOf(first).content).toStrictEqual([{ type: 'text', text: 'Paid $6 as ch_1: thanks' }]);
    expect(retry.result).toStrictEqual(first.result);
    expect(effects).toStrictEqual({ quotes: 1, charges: 1, receipts: 1 });
  });

  it('runs a final round sent twice at once only once', async () => {
    const { s2 } = await firstTwoRounds();
    const finalRound = {
      requestState: s2,
      inputResponses: { note: { action: 'accept', content: { note: 'twice' } } },
    };
    const [a, b] = await Promise.all([
      call('pay', { amount: 5 }, finalRound),
      call('pay', { amount: 5 }, finalRound),
    ]);
    const outcomes = [a, b].map((body) => (body.error ? 'refused' : 'completed')).sort();
    expect(outcomes).toStrictEqual(['completed', 'refused']);
    expect(effects.receipts).toBe(1);
    const later = await call('pay', { amount: 5 }, finalRound);
    expect(later.result).toStrictEqual((a.result ?? b.result) as object);
  });
});
