import { expect } from '@jest/globals';
import fc from 'fast-check';
import { ledger, paidCallOf, repeatedEffects } from './wire-fuzz.tools.js';
import { callBody, post, resultOf, type JsonObject, expectClientFaultsOnly } from './wire-fuzz.support.js';

const ARGS = { amount: 5 };
const CONFIRM = { confirm: { action: 'accept', content: { ok: true } } };
const NOTE = { note: { action: 'accept', content: { note: 'fuzz' } } };

type Answer = 'right' | 'decline' | 'wrong';
/** One step of a call: a round sent as several copies at once, each to a server picked by index. */
type Step = { round: 2 | 3; servers: number[]; answer: Answer };

const step = (servers: number): fc.Arbitrary<Step> =>
  fc.record({
    round: fc.constantFrom(2 as const, 3 as const),
    servers: fc.array(fc.nat(servers - 1), { minLength: 1, maxLength: 3 }),
    answer: fc.constantFrom<Answer>('right', 'right', 'decline', 'wrong'),
  });

function answersFor(round: 2 | 3, answer: Answer): JsonObject {
  const key = round === 2 ? 'confirm' : 'note';
  if (answer === 'decline') return { [key]: { action: 'decline' } };
  if (answer === 'wrong')
    return { [key]: { action: 'accept', content: { [round === 2 ? 'ok' : 'note']: 12 } } };
  return round === 2 ? CONFIRM : NOTE;
}

/**
 * Calls of the payment tool whose rounds are replayed, raced (copies sent at once, each to any of `urls`)
 * and answered rightly, with a decline or with a wrong value: no call charges or commits twice, a receipt
 * follows a charge, every final reply of a call is the same result, and a paid call charged and committed
 * exactly once.
 */
export function racedCallProperty(urls: readonly string[]): fc.IAsyncProperty<[Step[]]> {
  return fc.asyncProperty(fc.array(step(urls.length), { minLength: 1, maxLength: 8 }), async (steps) => {
    ledger.charges.clear();
    ledger.receipts.clear();
    const first = await post(urls[0]!, JSON.stringify(callBody({ name: 'pay', arguments: ARGS })));
    const states: Record<2 | 3, string | undefined> = {
      2: resultOf(first)!.requestState as string,
      3: undefined,
    };
    const finals = new Set<string>();
    for (const { round, servers, answer } of steps) {
      const requestState = states[round];
      if (requestState === undefined) continue;
      const inputResponses = answersFor(round, answer);
      const sent = JSON.stringify(callBody({ name: 'pay', arguments: ARGS, requestState, inputResponses }));
      const replies = await Promise.all(servers.map((server) => post(urls[server]!, sent)));
      for (const reply of replies) {
        expectClientFaultsOnly(reply, sent);
        const result = resultOf(reply);
        if (result?.resultType === 'input_required' && round === 2) states[3] = result.requestState as string;
        if (result?.resultType === 'complete') finals.add(JSON.stringify(result.content));
      }
    }
    expect(repeatedEffects()).toStrictEqual([]);
    for (const call of ledger.receipts.keys()) expect(ledger.charges.get(call)).toBe(1);
    expect(finals.size).toBeLessThanOrEqual(1);
    const paid = paidCallOf([...finals][0] ?? '');
    if (paid !== undefined)
      expect([ledger.charges.get(paid), ledger.receipts.get(paid)]).toStrictEqual([1, 1]);
  });
}
