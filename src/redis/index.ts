export { RedisStateStore, type RedisStateStoreOptions } from './redis.store.js';
export type { RedisCommandClient } from './redis-client.types.js';
export type { StateStore } from '../mrtr/stores/state-store.js';
export { BullmqTaskQueue, type BullmqTaskQueueOptions } from './bullmq-task-queue.runner.js';
