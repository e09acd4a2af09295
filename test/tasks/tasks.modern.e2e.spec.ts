import 'reflect-metadata';
import { Elicitor, type ElicitorApp } from 'elicitor';
import { TestClient } from 'elicitor/testing';
import { DeployTools, deployEffects, resetDeployEffects } from './deploy-task.fixture.js';

const TASKS = { extensions: { 'io.modelcontextprotocol/tasks': {} }, elicitation: { form: {} } };
const PLAIN = { elicitation: { form: {} } };
type Body = Record<string, unknown>;

describe('the Tasks extension on 2026-07-28', () => {
  let app: ElicitorApp;
  let client: TestClient;

  beforeEach(async () => {
    resetDeployEffects();
    app = await Elicitor.create({
      name: 'deployer',
      version: '1',
      tools: [DeployTools],
      requestState: { keys: ['tasks-test-secret-0123456789abcdef'] },
      tasks: { pollIntervalMs: 20, maxPerPrincipal: 3 },
    });
    client = TestClient.forApp(app);
  });
  afterEach(() => app.close());

  const result = (reply: { body: Body }) => reply.body.result as Body;
  const start = async (name: string, args: Body = {}, as = client) =>
    result(await as.request('tools/call', { name, arguments: args }, { capabilities: TASKS }));
  const get = async (taskId: string, as = client) =>
    (await as.request('tasks/get', { taskId }, { capabilities: TASKS })).body;
  const until = async (taskId: string, status: string): Promise<Body> => {
    for (let poll = 0; poll < 200; poll++) {
      const task = result({ body: await get(taskId) });
      if (task.status === status) return task;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`task ${taskId} never reached ${status}`);
  };
  const answer = (taskId: string, inputResponses: Body) =>
    client.request('tasks/update', { taskId, inputResponses }, { capabilities: TASKS });

  it('declares the extension in server/discover and the tools task support in tools/list', async () => {
    const discover = result(await client.request('server/discover', {}, { capabilities: PLAIN }));
    expect((discover.capabilities as Body).extensions).toStrictEqual({ 'io.modelcontextprotocol/tasks': {} });
    const tools = result(await client.request('tools/list', {}, { capabilities: PLAIN })).tools as Body[];
    expect(tools.find((tool) => tool.name === 'deploy')?.execution).toStrictEqual({
      taskSupport: 'optional',
    });
  });

  it('runs a task that asks two questions through input_required, once and one commit', async () => {
    const created = await start('deploy', { service: 'api' });
    expect(created).toMatchObject({
      resultType: 'task',
      status: 'working',
      ttlMs: 3_600_000,
      pollIntervalMs: 20,
    });
    const taskId = created.taskId as string;
    expect(taskId).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const first = await until(taskId, 'input_required');
    expect(Object.keys(first.inputRequests as Body)).toStrictEqual(['approve']);
    expect(first.statusMessage).toBe('planned api');
    expect(
      result(await answer(taskId, { approve: { action: 'accept', content: { ok: true } } })),
    ).toStrictEqual({
      resultType: 'complete',
      _meta: expect.any(Object),
    });

    const second = await until(taskId, 'input_required');
    expect(Object.keys(second.inputRequests as Body)).toStrictEqual(['note']);
    await answer(taskId, { note: { action: 'accept', content: { note: 'v2' } } });

    const done = await until(taskId, 'completed');
    expect(done.result).toStrictEqual({
      content: [{ type: 'text', text: 'api deployed as release-1: v2' }],
      resultType: 'complete',
    });
    expect(deployEffects).toStrictEqual({ plans: 1, deploys: 1, announcements: 1 });
  });

  it('refuses invalid arguments when the task would be made (-32602): no task, nothing run, no cap used', async () => {
    for (let attempt = 0; attempt < 4; attempt++) {
      const reply = await client.request(
        'tools/call',
        { name: 'deploy', arguments: { service: 5 } },
        { capabilities: TASKS },
      );
      expect(reply.body.error).toMatchObject({ code: -32602 });
      expect((reply.body.error as { message: string }).message).toContain('service must be a string');
    }
    expect(deployEffects.plans).toBe(0);
    // maxPerPrincipal is 3: the refused calls made no task, so a valid one still gets one.
    expect((await start('deploy', { service: 'api' })).resultType).toBe('task');
  });

  it('ignores answers under the names of a plain object’s own prototype, and records nothing for them', async () => {
    const taskId = (await start('deploy', { service: 'api' })).taskId as string;
    await until(taskId, 'input_required');
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      // JSON.parse makes `__proto__` an own key, as a client's JSON body does.
      const inputResponses = JSON.parse(`{"${key}":{"action":"accept","content":{"ok":true}}}`) as Body;
      const reply = await answer(taskId, inputResponses);
      expect([reply.status, reply.body.error]).toStrictEqual([200, undefined]);
    }
    const waiting = await until(taskId, 'input_required');
    expect(Object.keys(waiting.inputRequests as Body)).toStrictEqual(['approve']);
    await answer(taskId, { approve: { action: 'accept', content: { ok: true } } });
    expect(Object.keys((await until(taskId, 'input_required')).inputRequests as Body)).toStrictEqual([
      'note',
    ]);
    expect(deployEffects).toMatchObject({ deploys: 1 });
  });

  it('ignores answers under keys that are not outstanding and refuses malformed ones', async () => {
    const taskId = (await start('deploy', { service: 'db' })).taskId as string;
    await until(taskId, 'input_required');
    await answer(taskId, { unknown: { action: 'accept', content: {} } });
    expect(result({ body: await get(taskId) }).status).toBe('input_required');
    const malformed = await answer(taskId, { approve: { action: 'maybe' } });
    expect((malformed.body.error as Body).code).toBe(-32602);
  });

  it('answers in the call for a client without the extension, and refuses a task-only tool with -32021', async () => {
    const plain = result(
      await client.request(
        'tools/call',
        { name: 'deploy', arguments: { service: 'x' } },
        { capabilities: PLAIN },
      ),
    );
    expect(plain.resultType).toBe('input_required');
    const refused = await client.request(
      'tools/call',
      { name: 'migrate', arguments: {} },
      { capabilities: PLAIN },
    );
    expect(refused.body.error).toStrictEqual({
      code: -32021,
      message: expect.any(String),
      data: { requiredCapabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } } },
    });
    const getWithout = await client.request('tasks/get', { taskId: 'x' }, { capabilities: PLAIN });
    expect((getWithout.body.error as Body).code).toBe(-32021);
  });

  it('fails a task on a JSON-RPC error, and completes one whose handler threw with an error result', async () => {
    const invalid = (await start('rollback', { service: 'api' })).taskId as string;
    const failed = await until(invalid, 'failed');
    expect(failed.error).toMatchObject({ code: -32602 });
    expect(failed.statusMessage).toBe((failed.error as Body).message);

    const broken = (await start('broken')).taskId as string;
    const completed = await until(broken, 'completed');
    expect(completed.result).toMatchObject({ isError: true });
  });

  it('cancels a running task through its signal, and a waiting one at once', async () => {
    const running = (await start('wait')).taskId as string;
    await until(running, 'working');
    expect(
      result(await client.request('tasks/cancel', { taskId: running }, { capabilities: TASKS })).resultType,
    ).toBe('complete');
    await until(running, 'cancelled');

    const waiting = (await start('deploy', { service: 'web' })).taskId as string;
    await until(waiting, 'input_required');
    await client.request('tasks/cancel', { taskId: waiting }, { capabilities: TASKS });
    expect(result({ body: await get(waiting) }).status).toBe('cancelled');
    expect(deployEffects.deploys).toBe(0);
  });

  it('reports an unknown task id as invalid params', async () => {
    expect((await get('no-such-task')).error).toMatchObject({ code: -32602 });
  });

  it('keeps a task to the principal that created it', async () => {
    const alice = TestClient.forApp(app, { authInfo: { token: 't', clientId: 'alice', scopes: [] } });
    const mallory = TestClient.forApp(app, { authInfo: { token: 't', clientId: 'mallory', scopes: [] } });
    const taskId = (await start('deploy', { service: 'payroll' }, alice)).taskId as string;
    for (const [method, params] of [
      ['tasks/get', { taskId }],
      ['tasks/update', { taskId, inputResponses: { approve: { action: 'accept', content: { ok: true } } } }],
      ['tasks/cancel', { taskId }],
    ] as const) {
      for (const stranger of [mallory, client]) {
        const reply = await stranger.request(method, params, { capabilities: TASKS });
        expect(reply.body.error).toMatchObject({
          code: -32602,
          message: 'Failed to retrieve task: Task not found',
        });
      }
    }
    expect(result({ body: await get(taskId, alice) }).status).not.toBe('cancelled');
  });

  it('caps the live tasks of one principal', async () => {
    for (let n = 0; n < 3; n++) await start('migrate');
    const refused = await client.request(
      'tools/call',
      { name: 'migrate', arguments: {} },
      { capabilities: TASKS },
    );
    expect(refused.body.error).toMatchObject({ data: { reason: 'task_limit', limit: 3 } });
  });
});
