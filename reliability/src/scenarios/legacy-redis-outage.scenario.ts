import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { check } from '../scenario.js';
import type { CheckResult, ReliabilityScenario, ScenarioOutcome } from '../scenario.js';
import { callTool } from '../support/mcp-call.js';
import { RedisServer } from '../support/redis-server.js';
import { ReplicaFleet } from '../support/replica-fleet.js';

/** A redis-server of the scenario's own, with the append-only file, as docs/redis.md asks of production. */
const REDIS_PORT = Number(process.env.RELIABILITY_OUTAGE_REDIS_PORT ?? 6442);
const FREEZE_MS = Number(process.env.RELIABILITY_OUTAGE_FREEZE_MS ?? 20_000);
const STOP_MS = Number(process.env.RELIABILITY_OUTAGE_STOP_MS ?? 15_000);
/** The official client's own request timeout: a call that reaches it waited in silence. */
const CLIENT_TIMEOUT_MS = 60_000;
/** Both wires are served again within this of Redis coming back. */
const RECOVERY_LIMIT_MS = 1_000;

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How one call ended. */
type Outcome = 'completed' | 'clear error' | 'timed out' | 'other error';

interface Outage {
  name: string;
  /** Takes Redis away; `back` puts it back and resolves with the time it answers again. */
  cut(redis: RedisServer): Promise<void>;
  back(redis: RedisServer): Promise<number>;
  lastsMs: number;
}

const OUTAGES: Outage[] = [
  {
    name: 'frozen',
    lastsMs: FREEZE_MS,
    cut: async (redis) => redis.freeze(),
    back: async (redis) => {
      redis.thaw();
      return Date.now();
    },
  },
  {
    name: 'stopped',
    lastsMs: STOP_MS,
    cut: (redis) => redis.stop(),
    back: async (redis) => {
      await redis.restart();
      return Date.now();
    },
  },
  {
    name: 'stopped, started empty',
    lastsMs: STOP_MS,
    cut: (redis) => redis.stop(),
    back: async (redis) => {
      redis.forgetData();
      await redis.restart();
      return Date.now();
    },
  },
];

/** The session roles: when each call starts and when its person answers, against the outage. */
const ROLES = [
  'asked before, answers 2 s into the outage',
  'asked before, answers near the end of the outage',
  'calls 1 s into the outage',
  'asked before, answers after Redis is back',
] as const;
type Role = (typeof ROLES)[number];

/** What a run found for one outage. */
interface OutageTally {
  outcomes: Record<Role, Outcome>;
  details: string[];
  http500: number;
  /** A new call on a session opened before the outage (the one whose call ended during it). */
  sessionRecoveryMs: number;
  /** A new session and its first call. */
  legacyRecoveryMs: number;
  modernRecoveryMs: number;
}

/**
 * 2025-11-25 sessions of the official client through a Redis outage, on two replicas of the fleet
 * fixture (RedisStateStore and RedisFleet) behind the round-robin proxy: Redis frozen (SIGSTOP) for
 * 20 s, then stopped for 15 s and started again (its append-only file kept). Four sessions per outage,
 * each with its call at another point of the outage. Every call must complete or end with the error
 * naming the store, none at the client's timeout; no HTTP 500; and both wires served again within 1 s
 * of Redis being back.
 */
export const legacyRedisOutage: ReliabilityScenario = {
  name: 'legacy-redis-outage',
  async run(): Promise<ScenarioOutcome> {
    const checks: CheckResult[] = [];
    const figures: Record<string, number | string> = {};
    if (!(await RedisServer.available()))
      return { checks: [check('redis-server can be run', false, 'install redis-server')], figures };
    const redis = await RedisServer.start(REDIS_PORT, ['--appendonly', 'yes']);
    const prefix = `elicitor-reliability-outage:${process.pid}:${Date.now()}:`;
    const fleet = await ReplicaFleet.start({
      replicas: 2,
      env: { REDIS_URL: redis.url, FLEET_PREFIX: prefix },
    });
    try {
      for (const outage of OUTAGES) {
        const tally = await throughOutage(fleet.url, redis, outage);
        const values = Object.values(tally.outcomes);
        const count = (outcome: Outcome) => values.filter((one) => one === outcome).length;
        figures[`${outage.name}: completed / clear error / timed out / other`] =
          `${count('completed')} / ${count('clear error')} / ${count('timed out')} / ${count('other error')}`;
        figures[`${outage.name}: HTTP 500`] = tally.http500;
        figures[`${outage.name}: 2025-11-25 session from before served again after`] =
          `${tally.sessionRecoveryMs} ms`;
        figures[`${outage.name}: 2025-11-25 new session served after`] = `${tally.legacyRecoveryMs} ms`;
        figures[`${outage.name}: 2026-07-28 served again after`] = `${tally.modernRecoveryMs} ms`;
        checks.push(
          check(
            `${outage.name}: every call completed or ended with the error naming Redis, none timed out`,
            count('completed') + count('clear error') === values.length,
            ROLES.map((role) => `${role}: ${tally.outcomes[role]}`).join('; ') +
              (tally.details.length ? ` [${tally.details.join(' | ')}]` : ''),
          ),
          check(`${outage.name}: no HTTP 500`, tally.http500 === 0, String(tally.http500)),
          check(
            `${outage.name}: 2025-11-25 (a session from before, a new one) and 2026-07-28 served again within ${RECOVERY_LIMIT_MS} ms`,
            Math.max(tally.sessionRecoveryMs, tally.legacyRecoveryMs, tally.modernRecoveryMs) <
              RECOVERY_LIMIT_MS,
            `${tally.sessionRecoveryMs} ms, ${tally.legacyRecoveryMs} ms and ${tally.modernRecoveryMs} ms`,
          ),
        );
      }
    } finally {
      await fleet.stop();
      await redis.close();
    }
    return { checks, figures };
  },
};

async function throughOutage(url: string, redis: RedisServer, outage: Outage): Promise<OutageTally> {
  let cutAt = Number.POSITIVE_INFINITY;
  /** When Redis answers again; read by the person who answers after the outage. */
  const back: { at?: number } = {};
  const http500 = { count: 0 };
  const sinceCut = (ms: number) => async () => {
    while (Date.now() < cutAt + ms) await later(50);
  };
  const afterBack = async () => {
    while (back.at === undefined) await later(50);
    await later(300);
  };
  const waits: Record<Role, () => Promise<void>> = {
    'asked before, answers 2 s into the outage': sinceCut(2_000),
    'asked before, answers near the end of the outage': sinceCut(outage.lastsMs - 3_000),
    'calls 1 s into the outage': async () => {},
    'asked before, answers after Redis is back': afterBack,
  };
  const clients = await Promise.all(ROLES.map((role) => connect(url, waits[role], http500)));
  const outcomes = {} as Record<Role, Outcome>;
  const details: string[] = [];
  const calls = ROLES.map(async (role, index) => {
    if (role === 'calls 1 s into the outage') await sinceCut(1_000)();
    const outcome = await callShip(clients[index]!, `${outage.name}-${index}`);
    outcomes[role] = outcome.outcome;
    if (outcome.outcome !== 'completed') details.push(`${role}: ${outcome.text.slice(0, 160)}`);
  });
  // Every question asked (the roles that call before) before Redis goes.
  await later(1_500);
  cutAt = Date.now();
  await outage.cut(redis);
  await later(outage.lastsMs);
  const backAt = await outage.back(redis);
  back.at = backAt;
  const through = clients[ROLES.indexOf('calls 1 s into the outage')]!;
  const [sessionRecoveryMs, legacyRecoveryMs, modernRecoveryMs] = await Promise.all([
    // Served: its call completes, or, when Redis lost the session, it is told to start over (404).
    firstServed(backAt, async () => {
      const again = await callShip(through, `again-${Date.now()}`);
      return again.outcome === 'completed' || /Session not found/.test(again.text);
    }),
    firstServed(backAt, () => legacyRound(url, http500)),
    firstServed(backAt, () => modernRound(url, http500)),
  ]);
  await Promise.all(calls);
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  return {
    outcomes,
    details,
    http500: http500.count,
    sessionRecoveryMs,
    legacyRecoveryMs,
    modernRecoveryMs,
  };
}

/** The official client on 2025-11-25, answering each question once `beforeAnswer` resolves. */
async function connect(
  url: string,
  beforeAnswer: () => Promise<void>,
  http500: { count: number },
): Promise<Client> {
  const client = new Client(
    { name: 'outage', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } } },
  );
  client.setRequestHandler('elicitation/create', async (request) => {
    await beforeAnswer();
    const message = String((request.params as { message?: unknown }).message ?? '');
    if (message.startsWith('Ship ')) return { action: 'accept', content: { ok: true } };
    return { action: 'accept', content: { note: 'ok' } };
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { fetch: counting(http500) }));
  return client;
}

/** A fetch that counts the HTTP 500s the client gets. */
function counting(http500: { count: number }): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const response = await fetch(input, init);
    if (response.status === 500) http500.count++;
    return response;
  }) as typeof fetch;
}

async function callShip(client: Client, flow: string): Promise<{ outcome: Outcome; text: string }> {
  try {
    const result = await client.callTool(
      { name: 'ship', arguments: { flow } },
      { timeout: CLIENT_TIMEOUT_MS },
    );
    const text = JSON.stringify(result.content);
    if (result.isError) return { outcome: namesStore(text) ? 'clear error' : 'other error', text };
    return { outcome: text.includes('shipped as') ? 'completed' : 'other error', text };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    if (/timed out/i.test(text)) return { outcome: 'timed out', text };
    return { outcome: namesStore(text) ? 'clear error' : 'other error', text };
  }
}

/** The store error: it names Redis and says to retry. */
function namesStore(text: string): boolean {
  return /Redis/.test(text) && /retry/i.test(text);
}

/** A new 2025-11-25 session whose first call completes: its two questions answered at once. */
async function legacyRound(url: string, http500: { count: number }): Promise<boolean> {
  const client = await connect(url, async () => {}, http500);
  try {
    return (await callShip(client, `probe-${Date.now()}`)).outcome === 'completed';
  } finally {
    await client.close().catch(() => undefined);
  }
}

/** A first 2026-07-28 round of the same tool: served when it gets its question back. */
async function modernRound(url: string, http500: { count: number }): Promise<boolean> {
  const reply = await callTool(url, 'ship', { arguments: { flow: `modern-${Date.now()}` } });
  if (reply.status === 500) http500.count++;
  return reply.status === 200 && reply.body.result !== undefined;
}

/** How long after `backAt` a round started then was served; tries again every 50 ms, for 30 s at most. */
async function firstServed(backAt: number, round: () => Promise<boolean>): Promise<number> {
  while (Date.now() < backAt + 30_000) {
    const ok = await Promise.race([round().catch(() => false), later(5_000).then(() => false)]);
    if (ok) return Date.now() - backAt;
    await later(50);
  }
  return Number.POSITIVE_INFINITY;
}
