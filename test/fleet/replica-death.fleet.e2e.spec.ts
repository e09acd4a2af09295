import 'reflect-metadata';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { Client } from '@modelcontextprotocol/client';
import { Redis } from 'ioredis';
import { ReplicaFleet } from '../../reliability/src/support/replica-fleet.js';
import { deferred } from '../legacy/support/deferred.js';
import { legacyClient } from '../legacy/support/legacy-client.js';
import { textOf } from '../support/transports.js';
import { describeWhen } from '../support/test-requirements.js';

const REDIS_URL = process.env.REDIS_URL;
const describeWithRedis = describeWhen('redis');
const FLEET_TIMEOUT_MS = 120_000;
/** A dead replica's call is re-run once its lease lapses: 2 s rather than the default 10 s, to keep the test short. */
const CALL_LEASE_MS = '2000';
/** Resume at once and keep trying: the test is about the fleet, not the client's back-off. */
const RESUME_QUICKLY = {
  initialReconnectionDelay: 100,
  maxReconnectionDelay: 1_000,
  reconnectionDelayGrowFactor: 1.5,
  maxRetries: 10,
};

/**
 * A replica dies (SIGKILL) while the question of a call it runs waits for the user. The official
 * client, on 2025-11-25, resumes with Last-Event-ID through the proxy; another replica re-runs the
 * handler from the recorded answers and the call completes: the `once` ran once, the commit once.
 */
describeWithRedis('a replica dies while a question waits (needs REDIS_URL)', () => {
  let fleet: ReplicaFleet;
  let redis: Redis;
  let prefix: string;
  let client: Client | undefined;

  beforeAll(async () => {
    redis = new Redis(REDIS_URL!);
    prefix = `elicitor-fleet-death:${process.pid}:${Date.now()}:`;
    fleet = await ReplicaFleet.start({
      replicas: 3,
      env: { REDIS_URL: REDIS_URL!, FLEET_PREFIX: prefix, FLEET_CALL_LEASE_MS: CALL_LEASE_MS },
    });
  }, FLEET_TIMEOUT_MS);
  afterEach(async () => {
    await client?.close();
  });
  afterAll(async () => {
    await fleet?.stop();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  const counted = async (kind: 'once' | 'commit', flow: string) =>
    Number((await redis.get(`${prefix}${kind}:${flow}`)) ?? 0);

  it(
    'completes the call through another replica, with one once and one commit',
    async () => {
      const flow = 'death-1';
      const noteAsked = deferred();
      const killed = deferred();
      let notes = 0;
      client = legacyClient({
        version: '2025-11-25',
        onElicit: async (params) => {
          if (String(params.message).startsWith('Ship')) return { action: 'accept', content: { ok: true } };
          if (++notes === 1) {
            noteAsked.resolve();
            await killed.promise;
          }
          return { action: 'accept', content: { note: 'after the kill' } };
        },
      });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(fleet.url), { reconnectionOptions: RESUME_QUICKLY }),
      );
      const result = client.callTool({ name: 'ship', arguments: { flow } }, { timeout: 60_000 });

      await noteAsked.promise;
      const holder = Number(await redis.get(`${prefix}holder:${flow}`));
      expect(fleet.replicas.map((replica) => replica.pid)).toContain(holder);
      await fleet.kill(holder);
      killed.resolve();

      expect(textOf(await result)).toBe(`${flow} shipped as shipment-1: after the kill`);
      const rerunBy = Number(await redis.get(`${prefix}holder:${flow}`));
      expect(rerunBy).not.toBe(holder);
      expect(fleet.replicas.map((replica) => replica.pid)).toContain(rerunBy);
      expect(await counted('once', flow)).toBe(1);
      await waitFor(async () => (await counted('commit', flow)) >= 1);
      expect(await counted('commit', flow)).toBe(1);
    },
    FLEET_TIMEOUT_MS,
  );

  it(
    'a spare joins after the kill and the fleet serves a whole flow again, with exactly-once effects',
    async () => {
      await fleet.join(await fleet.startSpare());
      const flow = 'after-death';
      client = legacyClient({
        version: '2025-11-25',
        onElicit: (params) =>
          String(params.message).startsWith('Ship')
            ? { action: 'accept', content: { ok: true } }
            : { action: 'accept', content: { note: 'n' } },
      });
      await client.connect(new StreamableHTTPClientTransport(new URL(fleet.url)));
      const result = await client.callTool({ name: 'ship', arguments: { flow } });
      expect(textOf(result)).toBe(`${flow} shipped as shipment-1: n`);
      expect(await counted('once', flow)).toBe(1);
      await waitFor(async () => (await counted('commit', flow)) >= 1);
      expect(await counted('commit', flow)).toBe(1);
    },
    FLEET_TIMEOUT_MS,
  );
});

/** Polls `condition` for up to 5 s: a commit runs just after the result is sent. */
async function waitFor(condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!(await condition()) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
