import { InProcessTaskQueue } from './in-process-task-queue.runner.js';
import type { TaskJob } from './task.types.js';

const quiet = { info() {}, warn() {}, error() {} };
const job: TaskJob = { taskId: 't', run: 1 };

describe('InProcessTaskQueue', () => {
  it('runs a job after the enqueuing caller goes on', async () => {
    const queue = new InProcessTaskQueue();
    const order: string[] = [];
    let ran!: () => void;
    const done = new Promise<void>((resolve) => (ran = resolve));
    await queue.start(async (received) => {
      order.push(`run ${received.taskId}.${received.run}`);
      ran();
    });
    await queue.enqueue(job);
    order.push('enqueued');
    await done;
    expect(order).toStrictEqual(['enqueued', 'run t.1']);
    await queue.close();
  });

  it('tries a rejecting job again, up to its attempts', async () => {
    const queue = new InProcessTaskQueue({ attempts: 3, retryDelayMs: 1, logger: quiet });
    let tries = 0;
    let lastTry!: () => void;
    const exhausted = new Promise<void>((resolve) => (lastTry = resolve));
    await queue.start(async () => {
      if (++tries === 3) lastTry();
      throw new Error('lease still held');
    });
    await queue.enqueue(job);
    await exhausted;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(tries).toBe(3);
    await queue.close();
  });

  it('waits for running jobs when it closes, and refuses new ones after', async () => {
    const queue = new InProcessTaskQueue();
    let finished = false;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    await queue.start(async () => {
      started();
      await new Promise((resolve) => setTimeout(resolve, 30));
      finished = true;
    });
    await queue.enqueue(job);
    await running;
    await queue.close();
    expect(finished).toBe(true);
    await expect(queue.enqueue(job)).rejects.toThrow('closed');
  });

  it('closes within its budget, naming the runs it cut, when a run outlasts it', async () => {
    const warnings: string[] = [];
    const queue = new InProcessTaskQueue({ logger: { ...quiet, warn: (message) => warnings.push(message) } });
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    await queue.start(() => {
      started();
      return new Promise<void>(() => undefined); // a run that never ends
    });
    await queue.enqueue({ taskId: 'stuck', run: 2 });
    await running;
    const begun = Date.now();
    await queue.close(100);
    expect(Date.now() - begun).toBeLessThan(2000);
    expect(warnings).toStrictEqual([expect.stringMatching(/1 run\(s\) cut.*stuck run 2/)]);
  });

  it('cuts nothing when the runs finish within the budget', async () => {
    const warnings: string[] = [];
    const queue = new InProcessTaskQueue({ logger: { ...quiet, warn: (message) => warnings.push(message) } });
    let finished = false;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    await queue.start(async () => {
      started();
      await new Promise((resolve) => setTimeout(resolve, 50));
      finished = true;
    });
    await queue.enqueue(job);
    await running;
    await queue.close(5000);
    expect(finished).toBe(true);
    expect(warnings).toStrictEqual([]);
  });
});
