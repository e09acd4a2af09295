import type { TaskJobHandler, TaskQueue } from '../tasks/task-queue.js';
import type { TaskJob } from '../tasks/task.types.js';
import { Deadline } from '../shared/deadline.js';
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
  /** Where the worker reports errors, failed runs and runs cut by `close`. Default: the app's logger. */
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
  pause(doNotWaitActive?: boolean): Promise<void>;
  close(force?: boolean): Promise<void>;
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
  /** The runs this worker is on, by job id: the ones a bounded close cuts are named. */
  private readonly active = new Set<string>();
  /** Set when a close cut runs: what they do afterwards is no longer this worker's business. */
  private cut = false;
  private logger: ServerLogger | undefined;

  constructor(private readonly options: BullmqTaskQueueOptions) {
    this.name = options.name ?? 'elicitor-tasks';
    this.prefix = options.prefix ?? 'elicitor-bull';
  }

  async start(handler: TaskJobHandler, appLogger?: ServerLogger): Promise<void> {
    const { Queue, Worker } = await loadBullmq();
    const { options } = this;
    const logger = (this.logger = options.logger ?? appLogger);
    const connection =
      typeof options.connection === 'string'
        ? { url: options.connection, maxRetriesPerRequest: null }
        : { ...options.connection, maxRetriesPerRequest: null };
    const lockDuration = options.lockDurationMs ?? 30_000;
    const queue: Queue = new Queue(this.name, { connection, prefix: this.prefix });
    this.queue = queue;
    const worker = new Worker(this.name, (job) => this.track(String(job.id), handler(job.data as TaskJob)), {
      connection,
      prefix: this.prefix,
      concurrency: options.concurrency ?? 4,
      lockDuration,
      stalledInterval: options.stalledIntervalMs ?? lockDuration,
      maxStalledCount: options.maxStalledCount ?? 5,
    });
    worker.on('error', (error) => logger?.warn(`task queue worker: ${String(error)}`));
    worker.on('failed', (job, error) => logger?.error(`task run ${String(job?.id)} failed`, error));
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

  /**
   * Stops taking runs at once and waits for the active ones, up to `timeoutMs` when given. Past it the
   * worker closes hard: the runs it cut keep their job in Redis, whose lock is no longer renewed, so once
   * it lapses (`lockDurationMs`) BullMQ's stalled-job check hands them to another replica, or to this one
   * after a restart, which re-runs them from the task record.
   */
  async close(timeoutMs?: number): Promise<void> {
    const worker = this.worker;
    if (worker !== undefined) {
      // Pausing ends the worker's wait for jobs at once, then resolves when its active runs have finished.
      const finished = worker.pause();
      const deadline = timeoutMs === undefined ? undefined : new Deadline(timeoutMs);
      const inTime = deadline === undefined ? (await finished, true) : await deadline.race(finished);
      deadline?.clear();
      if (!inTime) this.cutActive(timeoutMs!);
      await worker.close(!inTime);
    }
    await this.queue?.close();
  }

  /**
   * Hands a run to BullMQ, counted while it goes on. A run cut by `close` never settles for BullMQ: its
   * worker is closed and its job belongs to whichever worker takes it over.
   */
  private track(jobId: string, run: Promise<void>): Promise<void> {
    this.active.add(jobId);
    return new Promise((resolve, reject) => {
      const settle = (then: () => void) => {
        this.active.delete(jobId);
        if (!this.cut) then();
      };
      run.then(
        () => settle(resolve),
        (error: unknown) => settle(() => reject(error as Error)),
      );
    });
  }

  private cutActive(timeoutMs: number): void {
    this.cut = true;
    const runs = [...this.active];
    this.logger?.warn(
      `task queue closed after ${timeoutMs} ms with ${runs.length} run(s) cut, taken over by another worker once their lock lapses: ${runs.join(', ')}`,
    );
  }
}

function loadBullmq(): Promise<typeof Bullmq> {
  return import('bullmq').catch((cause: unknown) => {
    throw new Error('BullmqTaskQueue needs the bullmq package: npm install bullmq', { cause });
  });
}
