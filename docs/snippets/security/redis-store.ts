import { RedisStateStore } from 'elicitor/redis';

/** One store for every replica: `once` records and final results live here. */
export function createRedisStore(url: string | undefined = process.env.REDIS_URL): RedisStateStore {
  if (!url) throw new Error('Set REDIS_URL, e.g. redis://redis:6379');
  return new RedisStateStore(url, { keyPrefix: 'shop:' });
}
