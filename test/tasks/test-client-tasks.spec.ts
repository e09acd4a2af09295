import 'reflect-metadata';
import { accept, FakeClock, TestClient } from 'elicitor/testing';
import { DeployTools, deployEffects, resetDeployEffects } from './deploy-task.fixture.js';

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
    const failed = await client.runTask('deploy', { service: 7 });
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
});
