import type { OutboundNotification, RequestEnvironment } from '../../context/request-environment.js';
import { RequestAbort } from '../../context/request-abort.js';
import { MemoryStateStore } from '../../mrtr/stores/memory.store.js';
import { FakeClock } from '../../shared/fake-clock.js';
import { workingTask } from '../../tasks/task-record.spec-helper.js';
import { TaskStore } from '../../tasks/task.store.js';
import type { TaskRecord } from '../../tasks/task.types.js';
import { ServerEventHub } from '../subscriptions/server-event-hub.js';
import { TaskStatusFeed } from './task-status-feed.runner.js';

const quiet = { info() {}, warn() {}, error() {} };

describe('TaskStatusFeed', () => {
  let clock: FakeClock;
  let tasks: TaskStore;
  let feed: TaskStatusFeed;

  beforeEach(() => {
    clock = new FakeClock();
    tasks = new TaskStore(new MemoryStateStore({ clock }), { clock });
    feed = new TaskStatusFeed(tasks, 5, quiet, new ServerEventHub());
  });

  const task = (id: string, owner: string | null): TaskRecord =>
    workingTask(clock, { id, owner, ttlMs: 60_000, pollIntervalMs: 5 });
  const environment = (
    clientId: string | undefined,
    extensions: object = { 'io.modelcontextprotocol/tasks': {} },
  ) =>
    ({
      era: 'modern',
      protocolVersion: '2026-07-28',
      clientCapabilities: { extensions },
      requestId: 1,
      abort: new RequestAbort(),
      authInfo: clientId === undefined ? undefined : { token: 't', clientId, scopes: [] },
      notify: () => Promise.resolve(),
    }) as RequestEnvironment;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

  it('follows only the caller’s own tasks, and refuses a request without the extension', async () => {
    await tasks.create(task('mine', 'ada'));
    await tasks.create(task('theirs', 'bob'));
    await expect(feed.honour(['mine', 'theirs', 'gone', 'mine'], environment('ada'))).resolves.toStrictEqual([
      'mine',
    ]);
    await expect(feed.honour(['mine'], environment('ada', {}))).rejects.toMatchObject({ rpcCode: -32021 });
  });

  it('sends the current state, then each change, and stops after the terminal one', async () => {
    await tasks.create(task('job', null));
    const sent: OutboundNotification[] = [];
    const stop = feed.follow(['job'], (notification) => sent.push(notification));
    await settle();
    await tasks.update('job', (record) => ({ ...record, statusMessage: 'half way' }));
    await settle();
    await tasks.update('job', (record) => ({ ...record, status: 'completed', result: { content: [] } }));
    await settle();
    await tasks.update('job', (record) => ({ ...record, statusMessage: 'after the end' }));
    await settle();
    stop();
    expect(sent.map(({ method }) => method)).toStrictEqual(Array(3).fill('notifications/tasks'));
    expect(sent.map(({ params }) => [params?.status, params?.statusMessage])).toStrictEqual([
      ['working', undefined],
      ['working', 'half way'],
      ['completed', 'half way'],
    ]);
    expect(sent[2]?.params).toMatchObject({ taskId: 'job', result: { content: [] } });
  });

  it('reads a followed task as soon as its change is heard, without waiting for the poll', async () => {
    const hub = new ServerEventHub();
    const told = new TaskStore(new MemoryStateStore({ clock }), {
      clock,
      onChange: (record) => hub.announceTaskChange(record.id),
    });
    const slowFeed = new TaskStatusFeed(told, 60_000, quiet, hub);
    await told.create(task('job', null));
    const sent: OutboundNotification[] = [];
    const stop = slowFeed.follow(['job'], (notification) => sent.push(notification));
    await settle();
    // Two changes back to back: the second is heard while the first is being read, and still sent.
    await told.update('job', (record) => ({ ...record, statusMessage: 'one' }));
    await told.update('job', (record) => ({ ...record, statusMessage: 'two' }));
    await settle();
    await told.update('job', (record) => ({ ...record, status: 'completed', result: { content: [] } }));
    await settle();
    const states = sent.map(({ params }) => `${String(params?.status)}:${String(params?.statusMessage)}`);
    expect(states[0]).toBe('working:undefined');
    expect(states.slice(-2)).toStrictEqual(['working:two', 'completed:two']);
    // Past the terminal state, changes are no longer followed.
    const count = sent.length;
    hub.announceTaskChange('job');
    await settle();
    expect(sent).toHaveLength(count);
    stop();
  });
});
