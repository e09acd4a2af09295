import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { check } from '../scenario.js';
import type { CheckResult, ReliabilityScenario, ScenarioOutcome } from '../scenario.js';
import { Bank } from '../support/bank.server.js';
import { ChildServer } from '../support/child-server.js';
import { RedisServer } from '../support/redis-server.js';
import { runReplayingFlows } from '../support/replaying-flows.js';
import type { ReplayTally } from '../support/replaying-flows.js';
import { duplicatedEffects } from '../support/retrying-flows.js';

const run = promisify(execFile);
const SERVER = 'servers/checkout.server.js';
const REDIS_PORT = Number(process.env.RELIABILITY_REDIS_PORT ?? 6402);
const CONCURRENCY = 20;
const LOAD_MS = Number(process.env.RELIABILITY_FORGET_LOAD_MS ?? 9_000);
const FAULT_AT_MS = 2_000;
const OUTAGE_MS = Number(process.env.RELIABILITY_FORGET_OUTAGE_MS ?? 4_000);
const REPLAY_SHARE = 0.2;
/** Calls are served again within this of Redis coming back. */
const RECOVERY_LIMIT_MS = 1_000;

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What happens to Redis mid-load; resolves when Redis is back (undefined: it never went away). */
interface Forgetting {
  name: string;
  inject(redis: RedisServer): Promise<number | undefined>;
}

const FAULTS: Forgetting[] = [
  { name: 'no fault (baseline)', inject: () => Promise.resolve(undefined) },
  {
    name: 'final round replayed after FLUSHALL',
    async inject(redis) {
      for (let flush = 0; flush < 2; flush++) {
        await run('redis-cli', ['-p', String(redis.port), 'FLUSHALL']);
        await later(2_000);
      }
      return undefined;
    },
  },
  {
    name: 'final round replayed after a restart without persistence',
    async inject(redis) {
      await redis.stop();
      await later(OUTAGE_MS);
      await redis.restart();
      return Date.now();
    },
  },
];

/**
 * A Redis that loses its records under load, with two replicas and re-sent final rounds: 20 concurrent
 * checkout flows whose rounds alternate between the replicas, and a fifth of the completed ones sending
 * their final round again to the other replica 0-2 s later. Redis is flushed twice, or stopped and started
 * again empty. A re-sent round whose record is gone must be refused as "outcome unknown", never run
 * again: charges = receipts = completed flows, the refused ones counted apart.
 */
export const forgottenRecords: ReliabilityScenario = {
  name: 'forgotten-records',
  async run(): Promise<ScenarioOutcome> {
    const checks: CheckResult[] = [];
    const figures: Record<string, number | string> = {};
    if (!(await RedisServer.available()))
      return { checks: [check('redis-server can be run', false, 'install redis-server')], figures };
    const bank = new Bank();
    await bank.start();
    try {
      for (const fault of FAULTS) {
        bank.reset();
        const { tally, backAt } = await underFault(fault, bank);
        const { chargeReruns, duplicateReceipts, missingReceipts } = duplicatedEffects(bank);
        const recoveryMs =
          backAt === undefined
            ? undefined
            : (tally.successesAt.find((at) => at >= backAt) ?? Infinity) - backAt;
        const name = fault.name;
        const chargesOfCompleted = bank.charges.size - missingReceipts;
        figures[`${name}: flows completed`] = `${tally.completed}/${tally.flows}`;
        figures[`${name}: charges (once) / receipts (onCommit)`] =
          `${bank.charges.size} / ${bank.receiptTotal}`;
        figures[`${name}: flows refused as outcome unknown`] = tally.outcomeUnknown;
        figures[`${name}: replays same / refused / different`] =
          `${tally.replaysSame} / ${tally.replaysRefused} / ${tally.replaysWrong.length} of ${tally.replays}`;
        figures[`${name}: 503 store unavailable`] = tally.storeUnavailable;
        if (recoveryMs !== undefined) figures[`${name}: first success after Redis is back (ms)`] = recoveryMs;
        checks.push(
          check(
            `${name}: every flow ends with its own result, or as "outcome unknown"`,
            tally.completed + tally.outcomeUnknown === tally.flows && tally.wrong.length === 0,
            `${tally.completed} completed, ${tally.outcomeUnknown} outcome unknown, of ${tally.flows}${tally.wrong.length ? `; first wrong: ${tally.wrong[0]}` : ''}`,
          ),
          check(
            `${name}: a re-sent final round gets its own result or "outcome unknown", never a second run`,
            tally.replaysWrong.length === 0 && tally.replays > 0,
            `${tally.replays} replays, ${tally.replaysRefused} refused${tally.replaysWrong.length ? `; first: ${tally.replaysWrong[0]}` : ''}`,
          ),
          check(
            `${name}: charges = receipts = completed flows, the refused counted apart`,
            chargeReruns === 0 &&
              duplicateReceipts === 0 &&
              chargesOfCompleted === tally.completed &&
              bank.receiptTotal === tally.completed &&
              missingReceipts <= tally.outcomeUnknown,
            `charges ${bank.charges.size} (${missingReceipts} of calls refused after their charge), receipts ${bank.receiptTotal}, completed ${tally.completed}, charge re-runs ${chargeReruns}, duplicate receipts ${duplicateReceipts}`,
          ),
          check(
            `${name}: no HTTP 500, and every 503 names the store with Retry-After`,
            tally.serverErrors === 0 && tally.malformedRetries === 0,
            `${tally.serverErrors} HTTP 5xx, ${tally.malformedRetries} malformed 503`,
          ),
        );
        if (fault === FAULTS[0])
          checks.push(
            check(
              `${name}: nothing is refused while the store keeps its records`,
              tally.outcomeUnknown === 0 && tally.replaysRefused === 0,
              `${tally.outcomeUnknown} flows and ${tally.replaysRefused} replays refused`,
            ),
          );
        if (recoveryMs !== undefined)
          checks.push(
            check(
              `${name}: calls are served within ${RECOVERY_LIMIT_MS} ms of Redis coming back`,
              recoveryMs <= RECOVERY_LIMIT_MS,
              `first success ${recoveryMs} ms after`,
            ),
          );
      }
    } finally {
      await bank.close();
    }
    return { checks, figures };
  },
};

async function underFault(
  fault: Forgetting,
  bank: Bank,
): Promise<{ tally: ReplayTally; backAt: number | undefined }> {
  const redis = await RedisServer.start(REDIS_PORT);
  const servers: ChildServer[] = [];
  try {
    const env = { BANK_URL: bank.url, STORE_PREFIX: `forgotten-${randomUUID()}:`, REDIS_URL: redis.url };
    servers.push(await ChildServer.start(SERVER, env), await ChildServer.start(SERVER, env));
    const flows = runReplayingFlows(
      servers.map((server) => server.url),
      { concurrency: CONCURRENCY, durationMs: LOAD_MS, replayShare: REPLAY_SHARE },
    );
    await later(FAULT_AT_MS);
    const backAt = await fault.inject(redis);
    return { tally: await flows, backAt };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await redis.close();
  }
}
