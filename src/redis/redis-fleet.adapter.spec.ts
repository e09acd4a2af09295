import { StoreUnavailableError } from '../errors/store-unavailable.error.js';
import { describeFleetContract } from '../fleet/fleet-contract.spec-helper.js';
import { RedisFleet } from './redis-fleet.adapter.js';

const REDIS_URL = process.env.REDIS_URL;
const quiet = { warn() {}, info() {} };

if (REDIS_URL) {
  describeFleetContract('RedisFleet', async () => {
    const keyPrefix = `elicitor-fleet-test:${process.pid}:${Date.now()}:${Math.random()}:`;
    return [new RedisFleet(REDIS_URL, { keyPrefix }), new RedisFleet(REDIS_URL, { keyPrefix })];
  });
} else {
  it.skip('RedisFleet: the fleet contract (needs REDIS_URL)', () => undefined);
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
