// Type-checked against each ioredis major (installed under the aliases ioredis5 and ioredis6).
import { Cluster, Redis } from 'IOREDIS_ALIAS';
import { RedisStateStore } from 'elicitor/redis';

export const single = new RedisStateStore(new Redis({ lazyConnect: true }), { keyPrefix: 'check:' });
export const cluster = new RedisStateStore(
  new Cluster([{ host: '127.0.0.1', port: 6379 }], { lazyConnect: true }),
);
export const byUrl = new RedisStateStore('redis://127.0.0.1:6379');
