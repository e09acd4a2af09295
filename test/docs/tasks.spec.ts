import 'reflect-metadata';
import { Elicitor } from 'elicitor';
import { TestClient, accept } from 'elicitor/testing';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { followTask } from '../../docs/snippets/tasks/follow-task.client.js';
import { hotfixSuite } from '../../docs/snippets/tasks/hotfix.suite.js';
import { HotfixTools, hotfixes } from '../../docs/snippets/tasks/hotfix.tools.js';
import { releaseSuite } from '../../docs/snippets/tasks/release.suite.js';
import { ReleaseTools, releases } from '../../docs/snippets/tasks/release.tools.js';
import { replicaOptions } from '../../docs/snippets/tasks/replica.options.js';
import { connectHttp, officialClient } from '../support/official-client.js';
import { startHttpApp } from '../support/transports.js';
import { sameJson, snippetJson } from './support/snippet-files.js';
import { itWhen } from '../support/test-requirements.js';

const TASKS = { extensions: { 'io.modelcontextprotocol/tasks': {} }, elicitation: { form: {} } };

describe('Tasks guide', () => {
  beforeEach(() => {
    releases.builds = releases.rollouts = releases.announcements = 0;
    hotfixes.locks = hotfixes.patches = 0;
  });

  releaseSuite();
  hotfixSuite();

  it('follows a task with the official client on subscriptions/listen until it ends', async () => {
    const app = await Elicitor.create({
      name: 'hotfixes',
      version: '1.0.0',
      tools: [HotfixTools],
      tasks: { pollIntervalMs: 20 },
    });
    const url = (await app.listen({ http: { port: 0 } })).url!;
    const client = new Client(
      { name: 'follower', version: '1.0.0' },
      { capabilities: TASKS, versionNegotiation: { mode: 'auto' } },
    );
    try {
      const tests = TestClient.forApp(app);
      const call = (params: Record<string, unknown>) =>
        tests.request(
          'tools/call',
          { name: 'hotfix', arguments: { service: 'api' }, ...params },
          { capabilities: TASKS },
        );
      const asked = (await call({})).body.result as { requestState: string };
      const created = await call({
        requestState: asked.requestState,
        inputResponses: { where: accept({ env: 'production' }) },
      });
      const { taskId } = created.body.result as { taskId: string };
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      const following = followTask(client, taskId);
      for (let poll = 0; poll < 100; poll++) {
        const task = (await tests.request('tasks/get', { taskId }, { capabilities: TASKS })).body.result as {
          status: string;
        };
        if (task.status === 'input_required') break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await tests.request(
        'tasks/update',
        { taskId, inputResponses: { approve: accept({ ok: true }) } },
        { capabilities: TASKS },
      );
      await expect(following).resolves.toMatchObject({
        taskId,
        status: 'completed',
        result: { content: [{ type: 'text', text: 'api patched in production as patch-1 (lock-1)' }] },
      });
    } finally {
      await client.close();
      await app.close();
    }
  });

  it('shows the tasks/get result of a task waiting for approval as the server writes it', async () => {
    const client = await TestClient.create({ name: 'releases', version: '1.0.0', tools: [ReleaseTools] });
    try {
      const created = await client.request(
        'tools/call',
        { name: 'release', arguments: { service: 'api' } },
        {
          capabilities: TASKS,
        },
      );
      const { taskId } = created.body.result as { taskId: string };
      let result: Record<string, unknown> = {};
      for (let poll = 0; poll < 100 && result.status !== 'input_required'; poll++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        result = (await client.request('tasks/get', { taskId }, { capabilities: TASKS })).body
          .result as Record<string, unknown>;
      }
      const shown = snippetJson<Record<string, unknown>>('tasks/get-task.result.json');
      sameJson(
        { ...result, taskId: shown.taskId, createdAt: shown.createdAt, lastUpdatedAt: shown.lastUpdatedAt },
        shown,
      );
    } finally {
      await client.close();
    }
  });

  it('shows the question of a 2025-11-25 task as the server pushes it, tied to the task', async () => {
    const { app, url } = await startHttpApp({ name: 'releases', version: '1.0.0', tools: [ReleaseTools] });
    const pushed: Array<Record<string, unknown>> = [];
    const client = await connectHttp(
      officialClient({
        era: 'legacy',
        onElicit: (params) => {
          pushed.push(params);
          return { action: 'accept', content: pushed.length === 1 ? { ok: true } : { note: 'ok' } };
        },
      }),
      url,
    );
    try {
      const anyResult = {
        '~standard': { version: 1, vendor: 'docs', validate: (value: unknown) => ({ value }) },
      };
      const created = (await client.request(
        {
          method: 'tools/call',
          params: { name: 'release', arguments: { service: 'api' }, task: {} },
        } as never,
        anyResult as never,
      )) as { task: { taskId: string } };
      const result = (await client.request(
        { method: 'tasks/result', params: { taskId: created.task.taskId } } as never,
        anyResult as never,
      )) as { content: Array<{ text: string }> };
      expect(result.content[0]!.text).toBe('api: rollout-1 (ok)');
      const shown = snippetJson<{ params: Record<string, unknown> }>('tasks/legacy-elicitation.request.json');
      const related = { 'io.modelcontextprotocol/related-task': { taskId: 'Xq2cV0bW7nT4yLr9sKpA1g' } };
      expect(
        (pushed[0]!._meta as Record<string, unknown>)['io.modelcontextprotocol/related-task'],
      ).toStrictEqual({
        taskId: created.task.taskId,
      });
      const { _meta: _sent, ...params } = pushed[0]!;
      sameJson({ method: 'elicitation/create', params: { ...params, _meta: related } }, shown);
    } finally {
      await client.close();
      await app.close();
    }
  });

  const withRedis = itWhen('redis');
  withRedis('runs a task on the replica options, with Redis and BullMQ (needs REDIS_URL)', async () => {
    const app = await Elicitor.create(
      replicaOptions(process.env.REDIS_URL!, ['tasks-guide-secret-0123456789abcdef']),
    );
    try {
      const run = await TestClient.forApp(app).runTask(
        'release',
        { service: 'web' },
        { answers: { approve: accept({ ok: true }), note: accept({ note: 'ok' }) }, timeoutMs: 20_000 },
      );
      expect(run.text).toBe('web: rollout-1 (ok)');
    } finally {
      await app.close();
    }
  });
});
