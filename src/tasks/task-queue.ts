import type { ServerLogger } from '../shared/server-logger.js';
import type { TaskJob } from './task.types.js';

/** Runs one job; a rejection asks the queue to try the job again later. */
export type TaskJobHandler = (job: TaskJob) => Promise<void>;

/**
 * Where task runs wait for a worker: in this process (`InProcessTaskQueue`) or on Redis with BullMQ
 * (`BullmqTaskQueue` from `elicitor/redis`), where a job whose worker died is taken over by another replica.
 */
export interface TaskQueue {
  /** Starts taking jobs; called once, when the app is built, with the app's logger for a queue given none. */
  start(handler: TaskJobHandler, logger?: ServerLogger): Promise<void>;
  /** Resolves once the job is queued durably (as durable as the queue is). */
  enqueue(job: TaskJob): Promise<void>;
  /**
   * Stops taking jobs at once and waits for the running ones: up to `timeoutMs` when given (the app hands
   * it its `shutdownTimeoutMs`), then lets the rest go and says which runs it cut.
   */
  close(timeoutMs?: number): Promise<void>;
}
