import type { TaskJobHandler, TaskQueue } from '../tasks/task-queue.js';
import type { TaskJob } from '../tasks/task.types.js';
import type { ServerLogger } from '../shared/server-logger.js';
import type * as Bullmq from 'bullmq';

/** Where the BullMQ queue of task runs lives, and how its workers hold, retry and take over runs. */
export interface BullmqTaskQueueOptions {
  /** A Redis URL, or ioredis connection options; BullMQ opens its own connections from it. */
  connection: string | Record<string, unknown>;
  /** The queue's name: the replicas of one server share it. Default `elicitor-tasks`. */
  name?: string;
  /** BullMQ's key prefix. Default `elicitor-bull`. */
  prefix?: string;
  /** Runs one replica works on at once. Default 4. */
  concurrency?: number;
  /**
   * How long a worker holds a run without renewing it (renewed at half of it). When the worker's process
   * dies, another replica takes the run over once the hold lapses and its stalled check finds it. Default
   * 30 s; keep it at least the `requestState.leaseMs` of the round inside, or the take-over waits.
   */
  lockDurationMs?: number;
  /** How often a worker looks for runs whose holder died. Default: `lockDurationMs`. */
  stalledIntervalMs?: number;
  /** How often a run may be taken over from a dead worker before it fails. Default 5. */
  maxStalledCount?: number;
  /** Tries of a run that rejects (a store error, a lease still held). Default 10. */
  attempts?: number;
  /** First wait before a retry, doubled on each. Default 1 s. */
  backoffMs?: number;
  logger?: ServerLogger;
}

/** The few calls made on BullMQ's queue and worker. */
interface Queue {
  add(name: string, data: TaskJob, options: Record<string, unknown>): Promise<unknown>;
  waitUntilReady(): Promise<unknown>;
  close(): Promise<void>;
}
interface Worker {
  waitUntilReady(): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * Task runs as BullMQ jobs on Redis, for servers with several replicas (with the Redis state store). Each
 * replica runs a worker; a run whose worker died is moved back to the queue by BullMQ's stalled-job check and
 * taken by another replica, and jobs outlive a restart of every replica. bullmq is an optional peer
 * dependency, loaded when the queue starts.
 */
export class BullmqTaskQueue implements TaskQueue {
  private queue: Queue | undefined;
  private worker: Worker | undefined;
  private readonly name: string;
  private readonly prefix: string;

  constructor(private readonly options: BullmqTaskQueueOptions) {
    this.name = options.name ?? 'elicitor-tasks';
    this.prefix = options.prefix ?? 'elicitor-bull';
  }

  async start(handler: TaskJobHandler): Promise<void> {
    const { Queue, Worker } = await loadBullmq();
    const { options } = this;
    const connection =
      typeof options.connection === 'string'
        ? { url: options.connection, maxRetriesPerRequest: null }
        : { ...options.connection, maxRetriesPerRequest: null };
    const lockDuration = options.lockDurationMs ?? 30_000;
    const queue: Queue = new Queue(this.name, { connection, prefix: this.prefix });
    this.queue = queue;
    const worker = new Worker(this.name, (job) => handler(job.data as TaskJob), {
      connection,
      prefix: this.prefix,
      concurrency: options.concurrency ?? 4,
      lockDuration,
      stalledInterval: options.stalledIntervalMs ?? lockDuration,
      maxStalledCount: options.maxStalledCount ?? 5,
    });
    worker.on('error', (error) => options.logger?.warn(`task queue worker: ${String(error)}`));
    worker.on('failed', (job, error) => options.logger?.error(`task run ${String(job?.id)} failed`, error));
    this.worker = worker;
    await Promise.all([queue.waitUntilReady(), worker.waitUntilReady()]);
  }

  async enqueue(job: TaskJob): Promise<void> {
    if (this.queue === undefined) throw new Error('BullmqTaskQueue: start() it before queuing runs');
    await this.queue.add('run', job, {
      // One job per run of a task: queuing the same run twice is a no-op.
      jobId: `${job.taskId}-${job.run}`,
      attempts: this.options.attempts ?? 10,
      backoff: { type: 'exponential', delay: this.options.backoffMs ?? 1000 },
      removeOnComplete: true,
      removeOnFail: { age: 86_400 },
    });
  }

  async close(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
  }
}

function loadBullmq(): Promise<typeof Bullmq> {
  return import('bullmq').catch((cause: unknown) => {
    throw new Error('BullmqTaskQueue needs the bullmq package: npm install bullmq', { cause });
  });
}
