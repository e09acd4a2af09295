import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Redis } from 'ioredis';
import { RedisServer } from '../support/redis-server.js';
import { ReplicaFleet } from '../support/replica-fleet.js';
import type { FleetProcess } from '../support/replica-fleet.js';
import { check } from '../scenario.js';
import type { CheckResult, ReliabilityScenario } from '../scenario.js';

const SESSIONS = Number(process.env.RELIABILITY_FLEET_SESSIONS ?? 100);
const CALLS_PER_SESSION = Number(process.env.RELIABILITY_FLEET_CALLS ?? 10);
const KILLS = Number(process.env.RELIABILITY_FLEET_KILLS ?? 100);
/** Kill rounds running at once (see reliability/README.md for what two lanes found). */
const LANES = Number(process.env.RELIABILITY_FLEET_LANES ?? 1);
/** Used when REDIS_URL is not set: a redis-server of the scenario's own. */
const REDIS_PORT = Number(process.env.RELIABILITY_FLEET_REDIS_PORT ?? 6403);
const CALL_TIMEOUT_MS = 60_000;
/** The replicas' call lease: a killed replica's call is re-run once it lapses (10 s by default). */
const CALL_LEASE_MS = Number(process.env.RELIABILITY_FLEET_LEASE_MS ?? 1_000);
/** Resume at once after a kill: what is measured is the fleet, not the client's back-off. */
const RESUME_QUICKLY = {
  initialReconnectionDelay: 50,
  maxReconnectionDelay: 1_000,
  reconnectionDelayGrowFactor: 1.5,
  maxRetries: 10,
};

/**
 * 2025-11-25 sessions on three replicas of the fleet fixture (Redis store and RedisFleet) behind a
 * per-request round-robin proxy, with the official client: SESSIONS × CALLS_PER_SESSION concurrent
 * flows (confirm, a `once`, a note, a commit), then KILLS rounds that SIGKILL the replica holding a
 * call's waiting question and check the call completes through another, the client resuming.
 */
export const fleetScenario: ReliabilityScenario = {
  name: 'fleet',
  async run() {
    const figures: Record<string, number | string> = {};
    const checks: CheckResult[] = [];
    const ownRedis = process.env.REDIS_URL ? undefined : await RedisServer.start(REDIS_PORT);
    const redisUrl = process.env.REDIS_URL ?? ownRedis!.url;
    const prefix = `elicitor-reliability-fleet:${process.pid}:${Date.now()}:`;
    const redis = new Redis(redisUrl);
    const fleet = await ReplicaFleet.start({
      replicas: 3,
      env: { REDIS_URL: redisUrl, FLEET_PREFIX: prefix, FLEET_CALL_LEASE_MS: String(CALL_LEASE_MS) },
    });
    const counts = async (kind: 'once' | 'commit', flows: string[]) =>
      (await redis.mget(...flows.map((flow) => `${prefix}${kind}:${flow}`))).map(Number);
    try {
      let started = Date.now();
      const concurrent = await concurrentFlows(fleet.url);
      figures['concurrent flows'] = concurrent.flows.length;
      figures['concurrent flows: s'] = seconds(started);
      const once = await counts('once', concurrent.flows);
      await settle(async () => (await counts('commit', concurrent.flows)).every((n) => n >= 1));
      const commits = await counts('commit', concurrent.flows);
      figures['concurrent flows: once runs'] = sum(once);
      figures['concurrent flows: commits'] = sum(commits);
      checks.push(
        check(
          `${concurrent.flows.length} concurrent flows each end with their own result`,
          concurrent.failures.length === 0,
          concurrent.failures.slice(0, 3).join(' | '),
        ),
      );
      checks.push(
        check(
          'exactly one once run and one commit per flow',
          once.every((n) => n === 1) && commits.every((n) => n === 1),
          `once ${sum(once)}, commits ${sum(commits)} for ${concurrent.flows.length} flows`,
        ),
      );

      started = Date.now();
      const killed = await killRounds(fleet, redis, prefix);
      figures['kills'] = killed.kills;
      figures['calls caught by a kill'] = killed.flows.length;
      figures['kill rounds: s'] = seconds(started);
      const killedOnce = await counts('once', killed.flows);
      await settle(async () => (await counts('commit', killed.flows)).every((n) => n >= 1));
      const killedCommits = await counts('commit', killed.flows);
      checks.push(
        check(
          `${KILLS} kills of the replica holding a waiting question, every call completed elsewhere`,
          killed.kills === KILLS && killed.completed === killed.flows.length,
          `${killed.kills} kills, ${killed.completed}/${killed.flows.length} calls completed; ${killed.failures.slice(0, 3).join(' | ')}`,
        ),
      );
      checks.push(
        check(
          'each of those calls: one once, one commit',
          killedOnce.every((n) => n === 1) && killedCommits.every((n) => n === 1),
          `once ${sum(killedOnce)}, commits ${sum(killedCommits)} for ${killed.flows.length} calls`,
        ),
      );
    } finally {
      await fleet.stop();
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
      await ownRedis?.close();
    }
    return { checks, figures };
  },
};

/** A 2025-11-25 session through the proxy; `onNote` decides when the note question is answered. */
async function session(url: string, onNote: (flow: string) => Promise<void> = async () => {}) {
  const client = new Client(
    { name: 'reliability-fleet', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } } },
  );
  client.setRequestHandler('elicitation/create', async (request) => {
    const message = String(request.params.message);
    if (message.startsWith('Ship ')) return { action: 'accept', content: { ok: true } };
    await onNote(message.replace(/^Note for /, ''));
    return { action: 'accept', content: { note: 'ok' } };
  });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { reconnectionOptions: RESUME_QUICKLY }),
  );
  return client;
}

async function ship(client: Client, flow: string): Promise<string | undefined> {
  const result = await client.callTool({ name: 'ship', arguments: { flow } }, { timeout: CALL_TIMEOUT_MS });
  const text = (result.content as Array<{ text?: string }>).map((block) => block.text ?? '').join('');
  const expected = `${flow} shipped as shipment-1: ok`;
  return text === expected ? undefined : `${flow}: ${text.slice(0, 120)}`;
}

async function concurrentFlows(url: string): Promise<{ flows: string[]; failures: string[] }> {
  const flows: string[] = [];
  const failures: string[] = [];
  await Promise.all(
    Array.from({ length: SESSIONS }, async (_, s) => {
      const client = await session(url);
      try {
        await Promise.all(
          Array.from({ length: CALLS_PER_SESSION }, async (_, c) => {
            const flow = `flow-${s}-${c}`;
            flows.push(flow);
            const failure = await ship(client, flow).catch((error: Error) => `${flow}: ${error.message}`);
            if (failure) failures.push(failure);
          }),
        );
      } finally {
        await client.close();
      }
    }),
  );
  return { flows, failures };
}

/**
 * Kill rounds on LANES lanes at once, until KILLS replicas were killed: in each, a call reaches its note
 * question, the replica that holds it is killed (a spare, started beforehand, joins the proxy first,
 * so three replicas stay up), and the question is answered; the client resumes elsewhere. A call whose
 * replica another lane killed meanwhile completes the same way, without a kill of its own.
 */
async function killRounds(fleet: ReplicaFleet, redis: Redis, prefix: string) {
  const flows: string[] = [];
  const failures: string[] = [];
  let kills = 0;
  let completed = 0;
  const spares: Array<Promise<FleetProcess>> = Array.from({ length: LANES }, () => fleet.startSpare());
  /** The holder of the call, killed, and a spare in its place; false if it was no longer up. */
  const dying = new Set<number>();
  const replace = async (holder: number): Promise<boolean> => {
    if (!fleet.holds(holder) || dying.has(holder) || kills >= KILLS) return false;
    dying.add(holder);
    kills++;
    const spare = spares.shift()!;
    spares.push(fleet.startSpare());
    await fleet.join(await spare);
    await fleet.kill(holder);
    return true;
  };
  let next = 0;
  const lane = async () => {
    while (kills < KILLS) {
      const flow = `kill-${next++}`;
      flows.push(flow);
      let asked!: () => void;
      let release!: () => void;
      const noteAsked = new Promise<void>((resolve) => (asked = resolve));
      const killed = new Promise<void>((resolve) => (release = resolve));
      let notes = 0;
      const client = await session(fleet.url, async () => {
        if (++notes > 1) return;
        asked();
        await killed;
      });
      try {
        const result = ship(client, flow).catch((error: Error) => `${flow}: ${error.message}`);
        // A call that fails before its note question has nothing to kill.
        const reached = await Promise.race([noteAsked.then(() => true), result.then(() => false)]);
        const holder = Number(await redis.get(`${prefix}holder:${flow}`));
        const killedHere = reached && (await replace(holder));
        release();
        const failure = await result;
        const rerunBy = Number(await redis.get(`${prefix}holder:${flow}`));
        if (failure) failures.push(`${failure} (${reached ? 'after' : 'before'} its note question)`);
        else if (killedHere && rerunBy === holder) failures.push(`${flow}: completed by the killed replica`);
        else completed++;
      } finally {
        release();
        await client.close();
      }
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
  for (const spare of spares) (await spare).child.kill('SIGKILL');
  return { flows, failures, kills, completed };
}

/** Polls for up to 10 s: commits run just after their result is sent. */
async function settle(condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await condition()) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);
