import { SerialQueue } from './serial-queue.js';

describe('SerialQueue', () => {
  it('runs tasks one at a time, in order, and keeps going after a failure', async () => {
    const queue = new SerialQueue();
    const events: string[] = [];
    const task =
      (name: string, fail = false) =>
      async () => {
        events.push(`start ${name}`);
        await new Promise((done) => setTimeout(done, 5));
        events.push(`end ${name}`);
        if (fail) throw new Error(name);
        return name;
      };

    const results = Promise.allSettled([
      queue.run(task('a')),
      queue.run(task('b', true)),
      queue.run(task('c')),
    ]);
    expect(queue.size).toBe(3);

    expect((await results).map((result) => result.status)).toStrictEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(events).toStrictEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(queue.size).toBe(0);
  });
});
