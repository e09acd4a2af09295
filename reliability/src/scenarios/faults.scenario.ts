import { randomUUID } from 'node:crypto';
import { check } from '../scenario.js';
import type { CheckResult, ReliabilityScenario, ScenarioOutcome } from '../scenario.js';
import { Bank } from '../support/bank.server.js';
import { confirmAnswer, firstRound, laterRound, noteAnswer, untilNotBusy } from '../support/checkout-flow.js';
import type { CheckoutCall } from '../support/checkout-flow.js';
import { ChildServer } from '../support/child-server.js';
import { errorOf, stateOf, textOf } from '../support/mcp-call.js';

const SERVER = 'servers/checkout.server.js';
const LEASE_MS = 1_000;

/**
 * The faults a flaky network and crashing replicas bring, each on real processes: a client that walks away
 * during the final round, an older branch replayed with another answer, a replica killed (SIGKILL) inside
 * `once` and inside the final round, and a restart mid-flow with a fixed keyring and Redis.
 */
export const faults: ReliabilityScenario = {
  name: 'faults',
  async run(): Promise<ScenarioOutcome> {
    const checks: CheckResult[] = [];
    const figures: Record<string, number | string> = {};
    const redisUrl = process.env.REDIS_URL;
    if (!redisUrl) return { checks: [check('faults need Redis', false, 'REDIS_URL is not set')], figures };
    const bank = new Bank();
    await bank.start();
    const env = {
      BANK_URL: bank.url,
      REDIS_URL: redisUrl,
      STORE_PREFIX: `faults-${randomUUID()}:`,
      LEASE_MS: String(LEASE_MS),
    };
    const servers: ChildServer[] = [];
    const start = async () => {
      const server = await ChildServer.start(SERVER, env);
      servers.push(server);
      return server;
    };
    try {
      const [a, b] = await Promise.all([start(), start()]);
      for (const step of [
        abortDuringFinal,
        replayedBranch,
        killInsideOnce,
        killInFinalRound,
        restartMidFlow,
      ]) {
        bank.reset();
        const started = Date.now();
        checks.push(...(await step({ a: a!, b: b!, bank, start })));
        figures[`${step.name} (ms)`] = Date.now() - started;
      }
    } finally {
      bank.releaseAll();
      await Promise.all(servers.map((server) => server.stop()));
      await bank.close();
    }
    return { checks, figures };
  },
};

interface Rig {
  a: ChildServer;
  b: ChildServer;
  bank: Bank;
  start(): Promise<ChildServer>;
}

/** Rounds 1 and 2 on `url`: the charge has run and the state asks for a note. */
async function charged(url: string, call: CheckoutCall): Promise<{ s1: string; s2: string }> {
  const s1 = await firstRound(url, call);
  const s2 = stateOf(await laterRound(url, call, s1, confirmAnswer(true)));
  return { s1, s2 };
}

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  return condition();
}

const effectsOf = (bank: Bank) =>
  `charges ${bank.charges.size} (requests ${bank.chargeRequests}), receipts ${bank.receiptTotal}`;

async function abortDuringFinal({ a, bank }: Rig): Promise<CheckResult[]> {
  const call = { args: { amount: 11, pause: 'final' } };
  const { s2 } = await charged(a.url, call);
  bank.holdNext('final');
  const leaving = new AbortController();
  const request = laterRound(a.url, call, s2, noteAnswer('gone'), { signal: leaving.signal }).catch(
    () => undefined,
  );
  await until(() => bank.held.get('final') === 1);
  leaving.abort();
  await request;
  bank.releaseAll();
  const committed = await until(() => bank.receiptTotal === 1);
  const retries = [
    await untilNotBusy(() => laterRound(a.url, call, s2, noteAnswer('gone'))),
    await untilNotBusy(() => laterRound(a.url, call, s2, noteAnswer('gone'))),
  ];
  return [
    check(
      'abort during the final round: the commit still runs, exactly once',
      committed && bank.receiptTotal === 1,
      effectsOf(bank),
    ),
    check(
      'abort during the final round: retries get the decided result',
      retries.every((reply) => textOf(reply) === 'Paid $11 as ch_1: gone'),
      retries.map((reply) => errorOf(reply)?.message ?? textOf(reply)).join(' | '),
    ),
  ];
}

async function replayedBranch({ a, b, bank }: Rig): Promise<CheckResult[]> {
  const call = { args: { amount: 12 } };
  const { s1, s2 } = await charged(a.url, call);
  const replays = await Promise.all(
    [a, b].map((replica) => laterRound(replica.url, call, s1, confirmAnswer(false))),
  );
  const final = await laterRound(b.url, call, s2, noteAnswer('kept'));
  return [
    check(
      'a replayed older branch with another answer is refused on every replica',
      replays.every(
        (reply) => (errorOf(reply)?.data as { reason?: string } | undefined)?.reason === 'conflicting_answer',
      ),
      replays.map((reply) => errorOf(reply)?.message ?? textOf(reply)).join(' | '),
    ),
    check(
      'the genuine branch keeps its outcome',
      textOf(final) === 'Paid $12 as ch_1: kept',
      errorOf(final)?.message ?? textOf(final),
    ),
    check(
      'the replayed branch changed no effect',
      bank.charges.size === 1 && bank.chargeRequests === 1 && bank.receiptTotal === 1,
      effectsOf(bank),
    ),
  ];
}

async function killInsideOnce(rig: Rig): Promise<CheckResult[]> {
  const { bank } = rig;
  const victim = await rig.start();
  const call = { args: { amount: 13 } };
  const s1 = await firstRound(victim.url, call);
  bank.holdNext('charge');
  const dying = laterRound(victim.url, call, s1, confirmAnswer(true)).catch(() => undefined);
  await until(() => bank.held.get('charge') === 1);
  await victim.kill();
  await dying;
  const retried = await untilNotBusy(() => laterRound(rig.b.url, call, s1, confirmAnswer(true)));
  const final = await laterRound(rig.b.url, call, stateOf(retried), noteAnswer('after crash'));
  bank.releaseAll();
  return [
    check(
      'SIGKILL inside once: the retry completes the call',
      textOf(final) === 'Paid $13 as ch_1: after crash',
      errorOf(final)?.message ?? textOf(final),
    ),
    check(
      'SIGKILL inside once: at most one effect with the idempotency key',
      bank.charges.size === 1 && bank.receiptTotal === 1,
      `${effectsOf(bank)}; the effect was attempted ${bank.chargeRequests} times with one key`,
    ),
  ];
}

async function killInFinalRound(rig: Rig): Promise<CheckResult[]> {
  const { bank } = rig;
  const victim = await rig.start();
  const call = { args: { amount: 14, pause: 'final' } };
  const { s2 } = await charged(victim.url, call);
  bank.holdNext('final');
  const dying = laterRound(victim.url, call, s2, noteAnswer('taken over')).catch(() => undefined);
  await until(() => bank.held.get('final') === 1);
  await victim.kill();
  await dying;
  const retried = await untilNotBusy(() => laterRound(rig.b.url, call, s2, noteAnswer('taken over')));
  bank.releaseAll();
  return [
    check(
      'SIGKILL in the final round: the retry completes once the lease expires',
      textOf(retried) === 'Paid $14 as ch_1: taken over',
      errorOf(retried)?.message ?? textOf(retried),
    ),
    check(
      'SIGKILL in the final round: one charge, one receipt',
      bank.charges.size === 1 && bank.receiptTotal === 1,
      effectsOf(bank),
    ),
  ];
}

async function restartMidFlow(rig: Rig): Promise<CheckResult[]> {
  const { bank } = rig;
  const before = await rig.start();
  const call = { args: { amount: 15 } };
  const { s1, s2 } = await charged(before.url, call);
  await before.stop();
  const after = await rig.start();
  const replay = await laterRound(after.url, call, s1, confirmAnswer(true));
  const final = await laterRound(after.url, call, s2, noteAnswer('restarted'));
  return [
    check(
      'a restart mid-flow with a fixed keyring and Redis: the call completes',
      textOf(final) === 'Paid $15 as ch_1: restarted',
      errorOf(final)?.message ?? textOf(final),
    ),
    check(
      'a restart mid-flow: replaying the older state after it runs no second charge',
      (replay.body.result as { resultType?: string } | undefined)?.resultType === 'input_required' &&
        bank.charges.size === 1 &&
        bank.chargeRequests === 1,
      effectsOf(bank),
    ),
  ];
}
