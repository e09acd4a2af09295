import { StoreUnavailableError } from '../errors/store-unavailable.error.js';
import { describeFleetContract } from '../fleet/fleet-contract.spec-helper.js';
import { RedisFleet } from './redis-fleet.adapter.js';
import type { RedisFleetClient } from './redis-fleet.adapter.js';
import { itWhen } from '../../test/support/test-requirements.js';

const REDIS_URL = process.env.REDIS_URL;
const quiet = { warn() {}, info() {} };

if (REDIS_URL) {
  describeFleetContract('RedisFleet', async () => {
    const keyPrefix = `elicitor-fleet-test:${process.pid}:${Date.now()}:${Math.random()}:`;
    return [new RedisFleet(REDIS_URL, { keyPrefix }), new RedisFleet(REDIS_URL, { keyPrefix })];
  });

  describe('RedisFleet connections', () => {
    it('connects from ioredis options, and leaves a client it was given open on close', async () => {
      const { Redis } = await import('ioredis');
      const url = new URL(REDIS_URL);
      const keyPrefix = `elicitor-fleet-test:${process.pid}:${Date.now()}:own:`;
      const fromOptions = new RedisFleet({ host: url.hostname, port: Number(url.port) }, { keyPrefix });
      const client = new Redis(REDIS_URL);
      const fromClient = new RedisFleet(client as unknown as RedisFleetClient, { keyPrefix });
      const limits = { maxSessions: 5, idleTimeoutMs: 60_000 };
      expect(await fromOptions.sessions.admit('s', '{"a":1}', limits)).toBe(true);
      expect(await fromClient.sessions.load('s')).toBe('{"a":1}');
      const heard: string[] = [];
      await fromClient.bus.subscribe('c', (message) => heard.push(message));
      await fromOptions.bus.publish('c', 'm');
      const deadline = Date.now() + 2_000;
      while (heard.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      expect(heard).toStrictEqual(['m']);
      await Promise.all([fromOptions.close(), fromClient.close()]);
      expect(await client.get(`${keyPrefix}session:s`)).toBe('{"a":1}');
      await client.quit();
    });
  });
} else {
  itWhen('redis')('RedisFleet: the fleet contract (needs REDIS_URL)', () => undefined);
}

describe('RedisFleet when Redis cannot be reached', () => {
  it('fails each command with StoreUnavailableError naming Redis, within the command timeout', async () => {
    const fleet = new RedisFleet('redis://127.0.0.1:7199', { commandTimeoutMs: 300, logger: quiet });
    const started = Date.now();
    const failure = await fleet.sessions.load('any').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StoreUnavailableError);
    expect((failure as StoreUnavailableError).message).toContain('Redis');
    const subscribing = await fleet.bus.subscribe('chan', () => undefined).catch((error: unknown) => error);
    expect(subscribing).toBeInstanceOf(StoreUnavailableError);
    expect(Date.now() - started).toBeLessThan(2_000);
    await fleet.close();
  });
});
