import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { check } from '../scenario.js';
import type { CheckResult, ReliabilityScenario, ScenarioOutcome } from '../scenario.js';
import { Bank } from '../support/bank.server.js';
import { ChildServer } from '../support/child-server.js';
import { RedisCluster } from '../support/redis-cluster.js';
import { RedisServer } from '../support/redis-server.js';
import { duplicatedEffects, runRetryingFlows } from '../support/retrying-flows.js';
import type { FlowTally } from '../support/retrying-flows.js';

const run = promisify(execFile);
const SERVER = 'servers/checkout.server.js';
/** The store's documented default command timeout. */
const COMMAND_TIMEOUT_MS = 2_000;
/** A fault may make the slowest reply slower than without it by the command timeout, and this margin. */
const REPLY_SLACK_MS = 2_000;
const FLOWS = Number(process.env.RELIABILITY_REDIS_FLOWS ?? 200);
/** The flows' starts are spread over this, so that a fault finds them in every round. */
const SPREAD_MS = 2_000;
const FAULT_AT_MS = 600;
const OUTAGE_MS = 4_000;
// Redis instances of the scenario's own, away from the one CI starts for the unit tests.
const REDIS_PORT = Number(process.env.RELIABILITY_REDIS_PORT ?? 6402);
const CLUSTER_PORT = Number(process.env.RELIABILITY_REDIS_CLUSTER_PORT ?? 6420);

/** One fault: where the server's store points, what happens to Redis mid-run, and how it is undone. */
interface Fault {
  name: string;
  /** Starts what the store uses; returns the environment that points the server at it. */
  setUp(): Promise<{ env: Record<string, string>; inject(): Promise<void>; tearDown(): Promise<void> }>;
}

/** The faults that lose Redis's records. */
const FORGETTING = new Set(['stopped, then started empty', 'flushed (FLUSHALL) three times']);

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const single = (name: string, inject: (redis: RedisServer) => Promise<void>, startDown = false): Fault => ({
  name,
  async setUp() {
    const redis = await RedisServer.start(REDIS_PORT);
    if (startDown) await redis.stop();
    return {
      env: { REDIS_URL: redis.url },
      inject: () => inject(redis),
      tearDown: () => redis.close(),
    };
  },
});

const FAULTS: Fault[] = [
  single('no fault (baseline)', () => Promise.resolve()),
  single('frozen (SIGSTOP)', async (redis) => {
    redis.freeze();
    await later(OUTAGE_MS);
    redis.thaw();
  }),
  single('stopped, then started empty', async (redis) => {
    await redis.stop();
    await later(OUTAGE_MS);
    await redis.restart();
  }),
  single('flushed (FLUSHALL) three times', async (redis) => {
    for (let flush = 0; flush < 3; flush++) {
      await run('redis-cli', ['-p', String(redis.port), 'FLUSHALL']);
      await later(500);
    }
  }),
  single(
    'down from the start',
    async (redis) => {
      await later(OUTAGE_MS - FAULT_AT_MS);
      await redis.restart();
    },
    true,
  ),
  {
    name: 'Cluster master killed (failover)',
    async setUp() {
      const cluster = await RedisCluster.start(CLUSTER_PORT);
      const nodes = cluster.startupNodes.map(({ host, port }) => `${host}:${port}`).join(',');
      return {
        env: { REDIS_CLUSTER_NODES: nodes },
        inject: async () => (await cluster.masterOf('elicitor')).kill(),
        tearDown: () => cluster.close(),
      };
    },
  },
];

/**
 * Redis failing under 200 concurrent checkout flows, each on a real redis-server of the scenario's own:
 * frozen, stopped and restarted empty, flushed, down from the start, and a Cluster master killed. The
 * client retries as told (`Retry-After` on a 503). Every flow must end right, with no effect run twice,
 * no commit skipped, no HTTP 500, and no reply slower than the command timeout allows.
 */
export const redisFaults: ReliabilityScenario = {
  name: 'redis-faults',
  async run(): Promise<ScenarioOutcome> {
    const checks: CheckResult[] = [];
    const figures: Record<string, number | string> = {};
    if (!(await RedisServer.available()))
      return { checks: [check('redis-server can be run', false, 'install redis-server')], figures };
    const bank = new Bank();
    await bank.start();
    try {
      // The slowest reply without a fault: what the machine's load alone costs, which no check can blame on Redis.
      let baselineMs = 0;
      for (const fault of FAULTS) {
        bank.reset();
        const started = Date.now();
        const tally = await underFault(fault, bank);
        if (fault === FAULTS[0]) baselineMs = tally.slowestMs;
        checks.push(...checksOf(fault.name, tally, bank, baselineMs));
        figures[`${fault.name}: flows completed`] = `${tally.completed}/${tally.flows}`;
        figures[`${fault.name}: outcome unknown`] = tally.outcomeUnknown;
        figures[`${fault.name}: 503 store unavailable`] = tally.storeUnavailable;
        figures[`${fault.name}: slowest reply (ms)`] = tally.slowestMs;
        figures[`${fault.name}: run (ms)`] = Date.now() - started;
      }
    } finally {
      await bank.close();
    }
    return { checks, figures };
  },
};

async function underFault(fault: Fault, bank: Bank): Promise<FlowTally> {
  const rig = await fault.setUp();
  let server: ChildServer | undefined;
  try {
    server = await ChildServer.start(SERVER, {
      BANK_URL: bank.url,
      STORE_PREFIX: `redis-faults-${randomUUID()}:`,
      LEASE_MS: '3000',
      ...rig.env,
    });
    const flows = runRetryingFlows(server.url, FLOWS, SPREAD_MS);
    await later(FAULT_AT_MS);
    await rig.inject();
    return await flows;
  } finally {
    await server?.stop();
    await rig.tearDown();
  }
}

function checksOf(name: string, tally: FlowTally, bank: Bank, baselineMs: number): CheckResult[] {
  const { chargeReruns, duplicateReceipts, missingReceipts } = duplicatedEffects(bank);
  const limitMs = baselineMs + COMMAND_TIMEOUT_MS + REPLY_SLACK_MS;
  // Only a store that lost its records may refuse a call as "outcome unknown", and only such a call,
  // charged before the loss, may lack its receipt.
  const forgets = FORGETTING.has(name);
  return [
    check(
      `${name}: every flow ends with its own result${forgets ? ', or as "outcome unknown"' : ''}`,
      tally.completed + tally.outcomeUnknown === tally.flows &&
        tally.wrong.length === 0 &&
        (forgets || tally.outcomeUnknown === 0),
      `${tally.completed}/${tally.flows} completed, ${tally.outcomeUnknown} outcome unknown${tally.wrong.length ? `; first wrong: ${tally.wrong[0]}` : ''}`,
    ),
    check(
      `${name}: no effect runs twice, no commit is skipped`,
      chargeReruns === 0 &&
        duplicateReceipts === 0 &&
        missingReceipts <= tally.outcomeUnknown &&
        bank.charges.size - missingReceipts === tally.completed,
      `charges ${bank.charges.size}, charge re-runs ${chargeReruns}, duplicate receipts ${duplicateReceipts}, charges without a receipt ${missingReceipts} (of ${tally.outcomeUnknown} calls of unknown outcome)`,
    ),
    check(
      `${name}: no HTTP 500, and every 503 names the store with Retry-After`,
      tally.serverErrors === 0 && tally.malformedRetries === 0,
      `${tally.serverErrors} HTTP 5xx, ${tally.malformedRetries} 503 without the store error`,
    ),
    check(
      `${name}: no reply slower than the command timeout allows (no hang)`,
      tally.slowestMs <= limitMs,
      `slowest ${tally.slowestMs} ms; limit ${limitMs} ms: ${baselineMs} ms without a fault, the ${COMMAND_TIMEOUT_MS} ms timeout and ${REPLY_SLACK_MS} ms`,
    ),
  ];
}
