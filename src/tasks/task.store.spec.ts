import { MemoryStateStore } from '../mrtr/stores/memory.store.js';
import { TaskLimitError } from '../errors/task-limit.error.js';
import { systemClock } from '../shared/clock.js';
import { FakeClock } from '../shared/fake-clock.js';
import { RedisStateStore } from '../redis/redis.store.js';
import { TaskStore } from './task.store.js';
import { workingTask } from './task-record.spec-helper.js';
import type { TaskRecord } from './task.types.js';
import { describeWhen } from '../../test/support/test-requirements.js';

describe('TaskStore', () => {
  let clock: FakeClock;
  let tasks: TaskStore;

  beforeEach(() => {
    clock = new FakeClock();
    tasks = new TaskStore(new MemoryStateStore({ clock }), { clock, maxPerPrincipal: 2 });
  });

  let serial = 0;
  const task = (owner: string | null, ttlMs = 10_000): TaskRecord =>
    workingTask(clock, { id: `task-${++serial}`, owner, ttlMs, pollIntervalMs: 1000 });

  it('finds a created task, and nothing once its TTL from creation has passed', async () => {
    const record = task('ada');
    await tasks.create(record);
    await expect(tasks.get(record.id)).resolves.toStrictEqual(record);
    clock.advance(10_001);
    await expect(tasks.get(record.id)).resolves.toBeUndefined();
  });

  it('keeps every concurrent update: each one re-reads what the others wrote', async () => {
    const record = task('ada');
    await tasks.create(record);
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        tasks.update(record.id, (current) => {
          current.usedKeys = [...(current.usedKeys ?? []), `k${index}`];
          return current;
        }),
      ),
    );
    expect((await tasks.get(record.id))!.usedKeys).toHaveLength(20);
  });

  it('tells onChange of each record an update stored, once per stored write, and not of a change declined', async () => {
    const stored: Array<[string, string]> = [];
    const told = new TaskStore(new MemoryStateStore({ clock }), {
      clock,
      onChange: (record) => stored.push([record.id, record.status]),
    });
    const record = task('ada');
    await told.create(record);
    expect(stored).toStrictEqual([]);
    // Two writers race: the loser re-reads and writes again, and only stored writes are told.
    await Promise.all([
      told.update(record.id, (current) => ({ ...current, statusMessage: 'one' })),
      told.update(record.id, (current) => ({ ...current, status: 'completed' })),
    ]);
    await told.update(record.id, () => undefined);
    expect(stored).toHaveLength(2);
    expect(stored.map(([id]) => id)).toStrictEqual([record.id, record.id]);
    // Each stored write counts one revision, so readers can order what they read.
    expect(await told.get(record.id)).toMatchObject({ status: 'completed', revision: 2 });
  });

  it('updates within the TTL left from creation, and reports a task gone after it', async () => {
    const record = task('ada');
    await tasks.create(record);
    clock.advance(6000);
    const updated = await tasks.update(record.id, (current) => ({ ...current, status: 'completed' }));
    expect(updated).toMatchObject({ status: 'completed', lastUpdatedAt: clock.now() });
    clock.advance(4001);
    await expect(tasks.get(record.id)).resolves.toBeUndefined();
    await expect(tasks.update(record.id, (current) => current)).resolves.toBeUndefined();
  });

  it('caps the live tasks of each owner, and frees a place when one expires', async () => {
    await tasks.create(task('ada', 5000));
    await tasks.create(task('ada'));
    await expect(tasks.create(task('ada'))).rejects.toBeInstanceOf(TaskLimitError);
    await tasks.create(task('grace'));
    await tasks.create(task(null));
    clock.advance(5001);
    await expect(tasks.create(task('ada'))).resolves.toBeUndefined();
  });

  it('lets exactly the cap win among concurrent creations of one owner', async () => {
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => tasks.create(task('ada'))));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(2);
    expect(await tasks.list('ada')).toHaveLength(2);
  });

  it("lists an owner's live tasks only", async () => {
    const ada = task('ada');
    await tasks.create(ada);
    await tasks.create(task('grace'));
    expect((await tasks.list('ada')).map((record) => record.id)).toStrictEqual([ada.id]);
    expect(await tasks.list(null)).toStrictEqual([]);
  });
});

const describeWithRedis = describeWhen('redis');

describeWithRedis('TaskStore on Redis (needs REDIS_URL)', () => {
  let store: RedisStateStore;
  let tasks: TaskStore;

  beforeEach(() => {
    store = new RedisStateStore(process.env.REDIS_URL!, {
      keyPrefix: `elicitor-task-store-spec:${Date.now()}:`,
    });
    tasks = new TaskStore(store, { maxPerPrincipal: 3 });
  });
  afterEach(() => store.close());

  const task = (id: string): TaskRecord =>
    workingTask(systemClock, { id, owner: 'ada', ttlMs: 60_000, pollIntervalMs: 1000 });

  it('keeps every concurrent update and lets exactly the cap win among concurrent creations', async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, (_, index) => tasks.create(task(`t${index}`))),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    const [first] = await tasks.list('ada');
    await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        tasks.update(first!.id, (current) => ({
          ...current,
          usedKeys: [...(current.usedKeys ?? []), `k${index}`],
        })),
      ),
    );
    expect((await tasks.get(first!.id))!.usedKeys).toHaveLength(10);
  });
});
