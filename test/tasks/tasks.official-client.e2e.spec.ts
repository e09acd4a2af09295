import 'reflect-metadata';
import { textOf } from '../support/transports.js';
import { deployEffects } from './deploy-task.fixture.js';
import { DEPLOY_ANSWERS, runTasksClient, serveDeployer } from './support/tasks-client.js';

/**
 * The official client on 2026-07-28: `@modelcontextprotocol/ext-tasks` on `@modelcontextprotocol/client`, run
 * as its own Node process (a program of its own, as users run it), against a server in this process.
 */
describe('the official Tasks client (@modelcontextprotocol/ext-tasks) on 2026-07-28', () => {
  const deployer = serveDeployer();

  const callAsTask = (tool: string, args: object, answers: object, cancelAfterMs?: number) =>
    runTasksClient('modern', { target: deployer.url, tool, args, answers, cancelAfterMs });

  it('runs a task that asks two questions through input_required to completion', async () => {
    const report = await callAsTask('deploy', { service: 'api' }, DEPLOY_ANSWERS);
    expect(report.status).toBe('completed');
    expect(textOf(report.result)).toBe('api deployed as release-1: shipped');
    expect(report.asked).toStrictEqual(['Deploy api with plan-1?', 'Release note']);
    expect(deployEffects).toStrictEqual({ plans: 1, deploys: 1, announcements: 1 });
  });

  it('reports a task that failed with a JSON-RPC error', async () => {
    const report = await callAsTask('rollback', { service: 'api' }, {});
    expect(report.status).toBe('failed');
    expect(report.error).toMatch(/service/);
    expect(deployEffects.deploys).toBe(0);
  });

  it('cancels a running task', async () => {
    const report = await callAsTask('wait', {}, {}, 200);
    expect(report.status).toBe('cancelled');
  });
});
