import type { ElicitorOptions } from 'elicitor';
import { BullmqTaskQueue, RedisStateStore } from 'elicitor/redis';
import { ReleaseTools } from './release.tools.js';

/** Every replica: the same keys, the same Redis for records and tasks, and a worker on the shared queue. */
export function replicaOptions(redisUrl: string, keys: string[]): ElicitorOptions {
  return {
    name: 'releases',
    version: '1.0.0',
    tools: [ReleaseTools],
    requestState: { keys },
    store: new RedisStateStore(redisUrl),
    tasks: {
      queue: new BullmqTaskQueue({ connection: redisUrl }),
      ttlMs: 24 * 3_600_000,
      pollIntervalMs: 2000,
      maxPerPrincipal: 20,
    },
  };
}
