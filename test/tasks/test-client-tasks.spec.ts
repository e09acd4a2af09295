import 'reflect-metadata';
import type { TaskJob, TaskJobHandler, TaskQueue } from 'elicitor';
import { accept, FakeClock, TestClient } from 'elicitor/testing';
import { DeployTools, deployEffects, resetDeployEffects } from './deploy-task.fixture.js';
import { ReleaseTools, releaseEffects, resetReleaseEffects } from './per-call-task.fixture.js';

/** A queue that holds its jobs until the test runs them: a worker that is busy elsewhere. */
function heldQueue(): { held: TaskQueue; jobs: TaskJob[]; runJob: TaskJobHandler } {
  const jobs: TaskJob[] = [];
  let handler: TaskJobHandler = () => Promise.resolve();
  const held: TaskQueue = {
    start: (given) => {
      handler = given;
      return Promise.resolve();
    },
    enqueue: (job) => {
      jobs.push(job);
      return Promise.resolve();
    },
    close: () => Promise.resolve(),
  };
  return { held, jobs, runJob: (job) => handler(job) };
}

const TASKS = { extensions: { 'io.modelcontextprotocol/tasks': {} }, elicitation: { form: {} } };

describe('TestClient.runTask', () => {
  let client: TestClient;
  let clock: FakeClock;

  beforeEach(async () => {
    resetDeployEffects();
    clock = new FakeClock();
    client = await TestClient.create({ tools: [DeployTools], clock, tasks: { ttlMs: 60_000 } });
  });
  afterEach(() => client.close());

  it('drives a task through its questions to its result', async () => {
    const run = await client.runTask(
      'deploy',
      { service: 'api' },
      { answers: { approve: accept({ ok: true }), note: accept({ note: 'done' }) } },
    );
    expect(run).toMatchObject({ status: 'completed', text: 'api deployed as release-1: done' });
    expect(run.taskId).toEqual(expect.any(String));
    expect(run.inputRequests.map(({ key, round }) => [key, round])).toStrictEqual([
      ['approve', 1],
      ['note', 2],
    ]);
    expect(run.statuses[0]).toBe('working');
    expect(run.statuses).toContain('input_required');
    expect(run.statusMessages).toContain('planned api');
    expect(deployEffects).toStrictEqual({ plans: 1, deploys: 1, announcements: 1 });
  });

  it('cancels when asked to, and reports a failed task with its error', async () => {
    const cancelled = await client.runTask('wait', {}, { cancelWhen: (task) => task.status === 'working' });
    expect(cancelled.status).toBe('cancelled');
    const failed = await client.runTask('rollback', { service: 'api' });
    expect(failed).toMatchObject({ status: 'failed', error: { code: -32602 } });
  });

  it('takes answers for as long as the task lives, past the requestState lifetime', async () => {
    const patient = await TestClient.create({
      tools: [DeployTools],
      clock,
      requestState: { ttlMs: 60_000 },
      tasks: { ttlMs: 3_600_000 },
    });
    try {
      let waited = false;
      const run = await patient.runTask(
        'deploy',
        { service: 'api' },
        {
          answers: {
            approve: () => {
              // The approver answers half an hour later: thirty times the sealed state's own lifetime.
              clock.advance(1_800_000);
              waited = true;
              return accept({ ok: true });
            },
            note: accept({ note: 'late' }),
          },
        },
      );
      expect(waited).toBe(true);
      expect(run).toMatchObject({ status: 'completed', text: 'api deployed as release-1: late' });
    } finally {
      await patient.close();
    }
  });

  it('drives a per-call tool: questions in the call, then the task, answered late', async () => {
    resetReleaseEffects();
    const releaser = await TestClient.create({
      tools: [ReleaseTools],
      clock,
      requestState: { ttlMs: 60_000 },
      tasks: { ttlMs: 3_600_000 },
    });
    try {
      const run = await releaser.runTask(
        'release',
        { service: 'api' },
        {
          answers: {
            target: accept({ env: 'prod' }),
            approve: () => {
              // Answered inside the task an hour's half later: the state the call handed over lives as the task.
              clock.advance(1_800_000);
              return accept({ ok: true });
            },
          },
        },
      );
      expect(run).toMatchObject({
        status: 'completed',
        text: 'api (size-1) released to prod in slot-1 as rollout-1',
      });
      expect(run.askedBeforeTask).toStrictEqual(['target']);
      expect(run.inputRequests.map(({ key, round }) => [key, round])).toStrictEqual([
        ['target', 1],
        ['approve', 2],
      ]);
      expect(run.statusMessages).toContain('rolling api out to prod');
      expect(releaseEffects).toStrictEqual({ sizings: 1, reservations: 1, rollouts: 1, announcements: 1 });
    } finally {
      await releaser.close();
    }
  });

  it('starts a per-call task whose first run comes after the requestState TTL (a queue backlog)', async () => {
    resetReleaseEffects();
    const { held, jobs, runJob } = heldQueue();
    const releaser = await TestClient.create({
      tools: [ReleaseTools],
      clock,
      requestState: { ttlMs: 60_000 },
      tasks: { ttlMs: 3_600_000, queue: held },
    });
    try {
      const ask = (params: Record<string, unknown>) =>
        releaser.request(
          'tools/call',
          { name: 'release', arguments: { service: 'api' }, ...params },
          { capabilities: TASKS },
        );
      const first = (await ask({})).body.result as Record<string, unknown>;
      const created = (
        await ask({ requestState: first.requestState, inputResponses: { target: accept({ env: 'prod' }) } })
      ).body.result as Record<string, unknown>;
      expect(created.resultType).toBe('task');
      clock.advance(600_000); // ten times the requestState TTL before a worker takes the run
      await runJob(jobs.shift()!);
      const task = (await releaser.request('tasks/get', { taskId: created.taskId }, { capabilities: TASKS }))
        .body.result as Record<string, unknown>;
      expect(task).toMatchObject({
        status: 'input_required',
        inputRequests: { approve: expect.any(Object) },
      });
    } finally {
      await releaser.close();
    }
  });

  it('forgets a task once the fake clock passes its TTL', async () => {
    const created = await client.request(
      'tools/call',
      { name: 'deploy', arguments: { service: 'x' } },
      {
        capabilities: TASKS,
      },
    );
    const taskId = (created.body.result as { taskId: string }).taskId;
    await expect(client.request('tasks/get', { taskId }, { capabilities: TASKS })).resolves.toMatchObject({
      body: { result: { taskId } },
    });
    clock.advance(60_001);
    const gone = await client.request('tasks/get', { taskId }, { capabilities: TASKS });
    expect(gone.body.error).toMatchObject({
      code: -32602,
      message: 'Failed to retrieve task: Task not found',
    });
  });

  it('leaves a run that a closing app refuses to its queue, rather than failing the task', async () => {
    const { held, jobs, runJob } = heldQueue();
    const deployer = await TestClient.create({ tools: [DeployTools], clock, tasks: { queue: held } });
    const created = await deployer.request(
      'tools/call',
      { name: 'deploy', arguments: { service: 'api' } },
      { capabilities: TASKS },
    );
    const taskId = (created.body.result as { taskId: string }).taskId;
    const closing = deployer.close(); // drains at once: the dispatcher refuses calls from here on
    // A worker took the run just before it paused: the run rejects, so the queue tries it again elsewhere.
    await expect(runJob(jobs.shift()!)).rejects.toThrow('shutting down');
    const task = await deployer.request('tasks/get', { taskId }, { capabilities: TASKS });
    expect(task.body.result).toMatchObject({ status: 'working' });
    await closing;
  });
});
