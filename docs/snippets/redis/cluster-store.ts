import { Cluster } from 'ioredis';
import { RedisStateStore, redisConnectionOptions } from 'elicitor/redis';

/**
 * The store on a Redis Cluster. The node connections get the bounds the store gives its own client, and
 * the store bounds each command as well, since a Cluster queues commands while it looks for a master.
 * The Cluster client stays yours: quit it after `app.close()`.
 */
export function createClusterStore(nodes: Array<{ host: string; port: number }>): {
  store: RedisStateStore;
  cluster: Cluster;
} {
  const cluster = new Cluster(nodes, { redisOptions: redisConnectionOptions(2_000) });
  return { store: new RedisStateStore(cluster, { keyPrefix: 'shop:', commandTimeoutMs: 2_000 }), cluster };
}
