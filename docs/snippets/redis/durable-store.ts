import { RedisStateStore } from 'elicitor/redis';

/**
 * A store that will not serve on a Redis that cannot keep its records: without the append-only file, or
 * with an eviction policy other than `noeviction`, `Elicitor.create` fails with `REDIS_NOT_DURABLE`
 * instead of starting. The default, `durability: 'warn'`, starts and logs one warning.
 */
export function createDurableStore(url: string): RedisStateStore {
  return new RedisStateStore(url, { keyPrefix: 'shop:', durability: 'require' });
}
