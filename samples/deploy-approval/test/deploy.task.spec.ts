import 'reflect-metadata';
import type { FakeClock, TestClient } from 'elicitor/testing';
import { Deployer } from '../src/deploy/deployer.service.js';
import { ReleasePlanner } from '../src/deploy/release-planner.service.js';
import { APPROVAL_STATE_TTL_MS } from '../src/deploy-approval.module.js';
import { approver } from './approver.js';
import { RELEASE, deployTestClient } from './deploy-test-client.js';

const TASKS = { extensions: { 'io.modelcontextprotocol/tasks': {} }, elicitation: { form: {} } };

describe('deploy-approval as a task (Tasks extension, 2026-07-28)', () => {
  let client: TestClient;
  let clock: FakeClock;

  beforeEach(async () => {
    ({ client, clock } = await deployTestClient());
  });
  afterEach(() => client.close());

  it('waits for the approver as a task, then deploys once', async () => {
    const run = await client.runTask('request_deploy', RELEASE, {
      answers: { approval: approver('approve') },
    });
    expect(run.status).toBe('completed');
    expect(run.text).toMatch(
      /^Deployed billing-api@1\.4\.2 to production as .+, approved by grace@example\.com\.$/,
    );
    expect(run.inputRequests.map((request) => request.key)).toStrictEqual(['approval']);
    expect(client.app!.get(Deployer).deployments).toHaveLength(1);
    expect(client.app!.get(ReleasePlanner).plansMade).toBe(1);
  });

  it('keeps the task for the approver a day, and not longer', async () => {
    const created = await client.request(
      'tools/call',
      { name: 'request_deploy', arguments: RELEASE },
      {
        capabilities: TASKS,
      },
    );
    const { taskId, ttlMs } = created.body.result as { taskId: string; ttlMs: number };
    expect(ttlMs).toBe(APPROVAL_STATE_TTL_MS);
    clock.advance(APPROVAL_STATE_TTL_MS - 60_000);
    const late = await client.request('tasks/get', { taskId }, { capabilities: TASKS });
    expect((late.body.result as { taskId: string }).taskId).toBe(taskId);
    clock.advance(120_000);
    const gone = await client.request('tasks/get', { taskId }, { capabilities: TASKS });
    expect(gone.body.error).toMatchObject({ code: -32602 });
  });
});
