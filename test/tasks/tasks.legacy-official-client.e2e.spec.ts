import 'reflect-metadata';
import { textOf } from '../support/transports.js';
import { deployEffects } from './deploy-task.fixture.js';
import { DEPLOY_ANSWERS, runTasksClient, serveDeployer } from './support/tasks-client.js';

const DEPLOY_APPROVAL = 'samples/deploy-approval/dist/main.js';

/** Runs the official Tasks client on 2025-11-25 against `target`; its report. */
function callAsTask(target: string, tool: string, args: object, answers: object, cancelAfterMs?: number) {
  return runTasksClient('legacy', { target, tool, args, answers, cancelAfterMs });
}

/**
 * The official client on 2025-11-25: `@modelcontextprotocol/ext-tasks` on `@modelcontextprotocol/client`
 * runs the tool as a task of the protocol's own (task-augmented `tools/call`, `tasks/get`, `tasks/result`), and
 * answers the questions the server pushes as `elicitation/create` tied to the task.
 */
describe('the official Tasks client (@modelcontextprotocol/ext-tasks) on 2025-11-25 over HTTP', () => {
  const deployer = serveDeployer();

  it('runs a task that asks two questions through input_required to completion', async () => {
    const report = await callAsTask(deployer.url, 'deploy', { service: 'api' }, DEPLOY_ANSWERS);
    expect(report.status).toBe('completed');
    expect(textOf(report.result)).toBe('api deployed as release-1: shipped');
    expect(report.asked).toStrictEqual(['Deploy api with plan-1?', 'Release note']);
    // Each question came tied to the task, and the session heard the task's status changes.
    expect(report.relatedTasks).toStrictEqual([report.taskId, report.taskId]);
    expect(report.statuses).toContain('input_required');
    expect(report.statuses[report.statuses.length - 1]).toBe('completed');
    expect(deployEffects).toStrictEqual({ plans: 1, deploys: 1, announcements: 1 });
  });

  it('reports a task that failed with a JSON-RPC error', async () => {
    const report = await callAsTask(deployer.url, 'rollback', { service: 'api' }, {});
    expect(report.status).toBe('failed');
    expect(report.error).toMatch(/service/);
    expect(deployEffects.deploys).toBe(0);
  });

  it('reports a required task tool that throws as failed', async () => {
    const report = await callAsTask(deployer.url, 'broken', {}, {});
    expect(report.status).toBe('failed');
  });

  it('cancels a running task', async () => {
    const report = await callAsTask(deployer.url, 'wait', {}, {}, 200);
    expect(report.status).toBe('cancelled');
    expect(report.statuses).toContain('cancelled');
  });
});

describe('the official Tasks client on 2025-11-25 over stdio (deploy-approval sample)', () => {
  it('runs request_deploy as a task: the approval form is pushed for the task, the deploy completes', async () => {
    const report = await callAsTask(
      `stdio:${DEPLOY_APPROVAL}`,
      'request_deploy',
      { service: 'billing-api', version: '1.4.2', environment: 'production' },
      { default: { action: 'accept', content: { decision: 'approve', approver: 'ops@example.com' } } },
    );
    expect(report.status).toBe('completed');
    expect(report.asked).toHaveLength(1);
    expect(report.relatedTasks).toStrictEqual([report.taskId]);
    expect(textOf(report.result)).toMatch(/billing-api/);
  });
});
