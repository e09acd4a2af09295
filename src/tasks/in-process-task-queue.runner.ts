import type { ServerLogger } from '../shared/server-logger.js';
import { Deadline } from '../shared/deadline.js';
import type { TaskJobHandler, TaskQueue } from './task-queue.js';
import type { TaskJob } from './task.types.js';

/** How the in-process queue retries a run that rejects, and where it logs. */
export interface InProcessTaskQueueOptions {
  /** Tries of a job whose run rejects (a store error, a lease still held). Default 5. */
  attempts?: number;
  /** Wait before a job is tried again. Default 1 s. */
  retryDelayMs?: number;
  logger?: ServerLogger;
}

/**
 * The default task queue: each job runs in this process as soon as it is queued. It goes with the memory
 * store: nothing survives a restart, and no other replica takes a job over. Use `BullmqTaskQueue`
 * (`elicitor/redis`) with the Redis store for durable tasks.
 */
export class InProcessTaskQueue implements TaskQueue {
  private handler: TaskJobHandler | undefined;
  /** Each run going on here, with its job: the ones `close` cuts are named. */
  private readonly running = new Map<Promise<void>, TaskJob>();
  private readonly retries = new Set<NodeJS.Timeout>();
  private closed = false;
  private readonly attempts: number;
  private readonly retryDelayMs: number;

  constructor(private readonly options: InProcessTaskQueueOptions = {}) {
    this.attempts = options.attempts ?? 5;
    this.retryDelayMs = options.retryDelayMs ?? 1000;
  }

  start(handler: TaskJobHandler): Promise<void> {
    this.handler = handler;
    return Promise.resolve();
  }

  enqueue(job: TaskJob): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the task queue is closed'));
    // After the caller's reply: a task is created before its first run begins.
    setImmediate(() => this.attempt(job, 1));
    return Promise.resolve();
  }

  async close(timeoutMs?: number): Promise<void> {
    this.closed = true;
    for (const timer of this.retries) clearTimeout(timer);
    this.retries.clear();
    const deadline = timeoutMs === undefined ? undefined : new Deadline(timeoutMs);
    try {
      while (this.running.size) {
        const settled = Promise.allSettled([...this.running.keys()]);
        if (deadline === undefined) await settled;
        else if (!(await deadline.race(settled))) break;
      }
    } finally {
      deadline?.clear();
    }
    if (this.running.size === 0) return;
    const runs = [...this.running.values()].map((job) => `${job.taskId} run ${job.run}`);
    // Nothing here outlives the process: a run cut now is not taken up again.
    this.options.logger?.warn(
      `task queue closed after ${String(timeoutMs)} ms with ${runs.length} run(s) cut, not taken up again: ${runs.join(', ')}`,
    );
  }

  private attempt(job: TaskJob, attempt: number): void {
    const handler = this.handler;
    if (this.closed || handler === undefined) return;
    const run = handler(job).catch((error: unknown) => {
      if (attempt >= this.attempts || this.closed) {
        this.options.logger?.error(`task ${job.taskId} run ${job.run} failed ${attempt} times`, error);
        return;
      }
      const timer = setTimeout(() => {
        this.retries.delete(timer);
        this.attempt(job, attempt + 1);
      }, this.retryDelayMs);
      this.retries.add(timer);
    });
    this.running.set(run, job);
    void run.finally(() => this.running.delete(run));
  }
}
