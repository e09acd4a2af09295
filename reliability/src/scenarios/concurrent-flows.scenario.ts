import { randomUUID } from 'node:crypto';
import { check } from '../scenario.js';
import type { CheckResult, ReliabilityScenario, ScenarioOutcome } from '../scenario.js';
import { Bank } from '../support/bank.server.js';
import { confirmAnswer, firstRound, laterRound, noteAnswer, untilNotBusy } from '../support/checkout-flow.js';
import { ChildServer } from '../support/child-server.js';
import { errorOf, stateOf, textOf } from '../support/mcp-call.js';

const FLOWS = 1_000;

/**
 * 1,000 concurrent 3-round checkout calls, each with a `once` charge and an `onCommit` receipt, every final
 * round sent twice at once: on one process, then on two replicas sharing Redis with rounds alternating
 * between them. Exactly one charge and one receipt per call.
 */
export const concurrentFlows: ReliabilityScenario = {
  name: 'concurrent-flows',
  async run(): Promise<ScenarioOutcome> {
    const bank = new Bank();
    await bank.start();
    const checks: CheckResult[] = [];
    const figures: Record<string, number | string> = {};
    try {
      const single = await ChildServer.start('servers/checkout.server.js', { BANK_URL: bank.url });
      try {
        await runFlows('one process', [single.url], bank, checks, figures);
      } finally {
        await single.stop();
      }
      bank.reset();
      const redisUrl = process.env.REDIS_URL;
      if (!redisUrl) {
        checks.push(check('two replicas on Redis', false, 'REDIS_URL is not set'));
        return { checks, figures };
      }
      const env = { BANK_URL: bank.url, REDIS_URL: redisUrl, STORE_PREFIX: `rel-${randomUUID()}:` };
      const replicas = await Promise.all([
        ChildServer.start('servers/checkout.server.js', env),
        ChildServer.start('servers/checkout.server.js', env),
      ]);
      try {
        await runFlows(
          'two replicas on Redis',
          replicas.map((r) => r.url),
          bank,
          checks,
          figures,
        );
      } finally {
        await Promise.all(replicas.map((replica) => replica.stop()));
      }
    } finally {
      await bank.close();
    }
    return { checks, figures };
  },
};

async function runFlows(
  label: string,
  urls: string[],
  bank: Bank,
  checks: CheckResult[],
  figures: Record<string, number | string>,
): Promise<void> {
  const at = (round: number) => urls[round % urls.length]!;
  const started = Date.now();
  const outcomes = await Promise.all(
    Array.from({ length: FLOWS }, async (_, index) => {
      const call = { args: { amount: index + 1 } };
      const s1 = await firstRound(at(0), call);
      const s2 = stateOf(await laterRound(at(1), call, s1, confirmAnswer(true)));
      const note = noteAnswer(`n${index}`);
      // The final round twice at once, as a client retrying on a timeout would.
      const finals = await Promise.all(
        [0, 1].map((copy) => untilNotBusy(() => laterRound(at(2 + copy), call, s2, note))),
      );
      const [first, second] = finals.map((reply) => errorOf(reply)?.message ?? textOf(reply));
      return { index, first: first!, second: second! };
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  const wrong = outcomes.filter(
    (o) =>
      !/^Paid \$\d+ as ch_\d+: n\d+$/.test(o.first) ||
      o.first !== o.second ||
      !o.first.endsWith(`n${o.index}`),
  );
  const receiptsNotOne = [...bank.receipts.values()].filter((count) => count !== 1).length;
  figures[`${label}: flows`] = FLOWS;
  figures[`${label}: seconds`] = seconds.toFixed(1);
  figures[`${label}: once runs (distinct charges)`] = bank.charges.size;
  figures[`${label}: charge requests`] = bank.chargeRequests;
  figures[`${label}: commits (receipts)`] = bank.receiptTotal;
  checks.push(
    check(
      `${label}: every call completes with its own result, the duplicate final round included`,
      wrong.length === 0,
      wrong.length ? `${wrong.length} wrong, e.g. ${summarise(wrong)}` : undefined,
    ),
    check(
      `${label}: exactly ${FLOWS} once runs`,
      bank.charges.size === FLOWS && bank.chargeRequests === FLOWS,
      `${bank.charges.size} charges from ${bank.chargeRequests} requests`,
    ),
    check(
      `${label}: exactly ${FLOWS} commits, one per call`,
      bank.receiptTotal === FLOWS && receiptsNotOne === 0 && bank.receipts.size === FLOWS,
      `${bank.receiptTotal} receipts for ${bank.receipts.size} calls`,
    ),
  );
}

/** The distinct kinds of wrong outcome, with a count each. */
function summarise(wrong: Array<{ first: string; second: string }>): string {
  const kinds = new Map<string, number>();
  for (const o of wrong) {
    const kind = `${o.first.replace(/\d+/g, 'N')} / ${o.second.replace(/\d+/g, 'N')}`;
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  return [...kinds].map(([kind, count]) => `${count}× ${kind}`).join('; ');
}
