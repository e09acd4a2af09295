import type { ElicitorAppOptions } from 'elicitor';

/**
 * With SEED_TOUR_REDIS_URL set, the tour runs as one replica of a fleet: its state store and its 2025
 * sessions live in that Redis (under SEED_TOUR_REDIS_PREFIX), and SEED_TOUR_STATE_KEYS (comma
 * separated, the same on every replica) seal the request state. Without it: one process, in memory.
 */
export async function fleetOptionsFrom(env: NodeJS.ProcessEnv): Promise<Partial<ElicitorAppOptions>> {
  const url = env.SEED_TOUR_REDIS_URL;
  if (!url) return {};
  const keys = (env.SEED_TOUR_STATE_KEYS ?? '').split(',').filter(Boolean);
  if (keys.length === 0)
    throw new Error('SEED_TOUR_REDIS_URL needs SEED_TOUR_STATE_KEYS, shared by every replica');
  // Loaded only here, so the in-memory tour needs no Redis client installed.
  const { RedisFleet, RedisStateStore } = await import('elicitor/redis');
  const keyPrefix = env.SEED_TOUR_REDIS_PREFIX ?? 'seed-tour:';
  return {
    store: new RedisStateStore(url, { keyPrefix }),
    fleet: new RedisFleet(url, { keyPrefix }),
    requestState: { keys },
  };
}
