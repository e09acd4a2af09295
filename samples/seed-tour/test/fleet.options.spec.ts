import { RedisFleet, RedisStateStore } from 'elicitor/redis';
import { fleetOptionsFrom } from '../src/fleet.options.js';

describe('the seed tour as a replica of a fleet', () => {
  it('runs in memory without SEED_TOUR_REDIS_URL', async () => {
    expect(await fleetOptionsFrom({})).toStrictEqual({});
  });

  it('needs keys shared by every replica', async () => {
    await expect(fleetOptionsFrom({ SEED_TOUR_REDIS_URL: 'redis://127.0.0.1:1' })).rejects.toThrow(
      'SEED_TOUR_REDIS_URL needs SEED_TOUR_STATE_KEYS',
    );
  });

  (process.env.REDIS_URL ? it : it.skip)('keeps its store and 2025 sessions in that Redis', async () => {
    const options = await fleetOptionsFrom({
      SEED_TOUR_REDIS_URL: process.env.REDIS_URL,
      SEED_TOUR_STATE_KEYS: 'a-secret-0123456789abcdef,an-older-secret-0123456789',
    });
    try {
      expect(options.store).toBeInstanceOf(RedisStateStore);
      expect(options.fleet).toBeInstanceOf(RedisFleet);
      expect(options.requestState).toStrictEqual({
        keys: ['a-secret-0123456789abcdef', 'an-older-secret-0123456789'],
      });
    } finally {
      await options.store?.close?.();
      await options.fleet?.close();
    }
  });
});
