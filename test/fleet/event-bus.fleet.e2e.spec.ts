import 'reflect-metadata';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Redis } from 'ioredis';
import { ReplicaFleet } from '../../reliability/src/support/replica-fleet.js';
import { legacyClient } from '../legacy/support/legacy-client.js';
import { textOf } from '../support/transports.js';
import { describeWhen } from '../support/test-requirements.js';

const REDIS_URL = process.env.REDIS_URL;
const describeWithRedis = describeWhen('redis');
const FLEET_TIMEOUT_MS = 120_000;

/** A notification published on one replica reaches the clients of every other one. */
describeWithRedis('one event bus for the fleet (needs REDIS_URL)', () => {
  let fleet: ReplicaFleet;
  let prefix: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    prefix = `elicitor-fleet-bus:${process.pid}:${Date.now()}:`;
    fleet = await ReplicaFleet.start({ replicas: 3, env: { REDIS_URL: REDIS_URL!, FLEET_PREFIX: prefix } });
  }, FLEET_TIMEOUT_MS);
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });
  afterAll(async () => {
    await fleet?.stop();
    const redis = new Redis(REDIS_URL!);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  const endpoint = (replica: number) => `${fleet.replicas[replica]!.origin}/mcp`;
  /** Calls `announce` on one replica directly, with a client of its own; returns the publisher's pid. */
  const announceOn = async (replica: number): Promise<string> => {
    const publisher = new Client(
      { name: 'publisher', version: '1' },
      { versionNegotiation: { mode: 'auto' } },
    );
    clients.push(publisher);
    await publisher.connect(new StreamableHTTPClientTransport(new URL(endpoint(replica))));
    return textOf(await publisher.callTool({ name: 'announce', arguments: {} }));
  };

  it(
    'subscriptions/listen (2026-07-28) on replica 0 hears a list change published on replica 1',
    async () => {
      let heardIt = false;
      const listener = new Client(
        { name: 'listener', version: '1' },
        { versionNegotiation: { mode: 'auto' } },
      );
      clients.push(listener);
      listener.setNotificationHandler('notifications/tools/list_changed', () => {
        heardIt = true;
      });
      await listener.connect(new StreamableHTTPClientTransport(new URL(endpoint(0))));
      expect(listener.getProtocolEra()).toBe('modern');
      const subscription = await listener.listen({ toolsListChanged: true });
      expect(subscription.honoredFilter).toMatchObject({ toolsListChanged: true });

      expect(await announceOn(1)).toBe(`announced by ${fleet.replicas[1]!.pid}`);
      await until(() => heardIt, 10_000);
      expect(heardIt).toBe(true);
      await subscription.close();
    },
    FLEET_TIMEOUT_MS,
  );

  it(
    'a 2025-11-25 session behind the proxy gets, on its GET stream, changes published on each replica',
    async () => {
      let heard = 0;
      const session = legacyClient({ version: '2025-11-25' });
      clients.push(session);
      session.setNotificationHandler('notifications/tools/list_changed', () => void heard++);
      await session.connect(new StreamableHTTPClientTransport(new URL(fleet.url)));
      // The client opens its standalone GET stream after initialization, without telling when it is
      // served: a replica publishes until one change is heard (or 5 tries), then the next replica.
      for (const replica of [0, 1, 2]) {
        const before = heard;
        for (let tries = 0; tries < 5 && heard === before; tries++) {
          await announceOn(replica);
          await until(() => heard > before, 1_000);
        }
        expect(heard).toBeGreaterThan(before);
      }
    },
    FLEET_TIMEOUT_MS,
  );
});

async function until(condition: () => boolean, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}
