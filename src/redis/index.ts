export { RedisStateStore, type RedisStateStoreOptions } from './redis.store.js';
export type { RedisDurabilityMode } from './redis-durability.check.js';
export type { RedisCommandClient } from './redis-client.types.js';
export {
  DEFAULT_COMMAND_TIMEOUT_MS,
  redisConnectionOptions,
  type RedisConnectionOptions,
} from './redis-connection.options.js';
export type { StateStore } from '../mrtr/stores/state-store.js';
export { StoreUnavailableError } from '../errors/store-unavailable.error.js';
export { BullmqTaskQueue, type BullmqTaskQueueOptions } from './bullmq-task-queue.runner.js';
export { RedisFleet, type RedisFleetClient, type RedisFleetOptions } from './redis-fleet.adapter.js';
