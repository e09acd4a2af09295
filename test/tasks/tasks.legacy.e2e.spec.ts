import 'reflect-metadata';
import type { Client } from '@modelcontextprotocol/client';
import { Context, Ctx, Tool, Tools } from 'elicitor';
import type { ElicitorApp } from 'elicitor';
import { connectHttp, officialClient } from '../support/official-client.js';
import { startHttpApp, textOf } from '../support/transports.js';
import { DeployTools, deployEffects, resetDeployEffects } from './deploy-task.fixture.js';

/** A tool that never runs as a task, and a task that asks the client's model and roots. */
@Tools()
class PlainTools {
  @Tool({ description: 'Answers at once' })
  ping(): string {
    return 'pong';
  }

  @Tool({ description: 'Asks the client model and roots, as a task', task: 'required' })
  async haiku(@Ctx() ctx: Context): Promise<string> {
    const sampled = await ctx.sample('haiku', {
      messages: [{ role: 'user', content: { type: 'text', text: 'A haiku, please' } }],
      maxTokens: 50,
    });
    const roots = await ctx.listRoots('roots');
    return `${(sampled.content as { text: string }).text} | ${roots.roots.map((root) => root.uri).join(',')}`;
  }
}

/** Takes any result as it came: these tests read the 2025-11-25 task methods' raw answers. */
const anyResult = {
  '~standard': { version: 1, vendor: 'elicitor-test', validate: (value: unknown) => ({ value }) },
} as never;

type Json = Record<string, unknown>;
const RELATED = 'io.modelcontextprotocol/related-task';

async function send(client: Client, method: string, params: Json): Promise<Json> {
  return (await client.request({ method, params } as never, anyResult)) as Json;
}

async function rpcError(work: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await work;
  } catch (error) {
    return error as { code: number; message: string };
  }
  throw new Error('expected a JSON-RPC error');
}

/**
 * The protocol's own tasks on the 2025-11-25 wire, through the official client's raw requests: what is
 * declared, the task-augmented call, the task methods and their errors, and who may see a task.
 */
describe('tasks on a 2025-11-25 session (official client)', () => {
  let app: ElicitorApp;
  let url: string;
  let client: Client;
  let other: Client;
  const answered: Json[] = [];

  beforeAll(async () => {
    ({ app, url } = await startHttpApp({
      name: 'deployer',
      version: '1',
      tools: [DeployTools, PlainTools],
      tasks: { pollIntervalMs: 20 },
    }));
    const onElicit = (params: Json) => {
      answered.push(params);
      return String(params.message) === 'Release note'
        ? { action: 'accept', content: { note: 'pushed' } }
        : { action: 'accept', content: { ok: true } };
    };
    client = await connectHttp(officialClient({ era: 'legacy', onElicit }), url);
    other = await connectHttp(officialClient({ era: 'legacy', onElicit }), url);
  });
  afterAll(async () => {
    await client.close();
    await other.close();
    await app.close();
  });
  beforeEach(() => {
    resetDeployEffects();
    answered.length = 0;
  });

  it('declares tasks and lists each task tool with its execution.taskSupport', async () => {
    expect(client.getServerCapabilities()).toMatchObject({
      tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
    });
    const { tools } = await client.listTools();
    const support = Object.fromEntries(tools.map((tool) => [tool.name, tool.execution?.taskSupport]));
    expect(support).toStrictEqual({
      deploy: 'optional',
      migrate: 'required',
      rollback: 'optional',
      broken: 'required',
      wait: 'required',
      ping: undefined,
      haiku: 'required',
    });
  });

  it('runs a task-augmented call: CreateTaskResult, questions tied to the task, tasks/result with its _meta', async () => {
    const created = await send(client, 'tools/call', {
      name: 'deploy',
      arguments: { service: 'api' },
      task: { ttl: 60_000 },
    });
    const task = created.task as Json;
    expect(task).toMatchObject({ status: 'working', ttl: 60_000, pollInterval: 20 });
    expect(typeof task.createdAt).toBe('string');
    const result = await send(client, 'tasks/result', { taskId: task.taskId });
    expect(textOf(result)).toBe('api deployed as release-1: pushed');
    expect((result._meta as Json)[RELATED]).toStrictEqual({ taskId: task.taskId });
    expect(answered.map((params) => (params._meta as Json)[RELATED])).toStrictEqual([
      { taskId: task.taskId },
      { taskId: task.taskId },
    ]);
    expect(await send(client, 'tasks/get', { taskId: task.taskId })).toMatchObject({ status: 'completed' });
    expect(deployEffects).toStrictEqual({ plans: 1, deploys: 1, announcements: 1 });
  });

  it('tells the creating session each status change of its task once, from the run and the change heard', async () => {
    const heard: Json[] = [];
    const session = officialClient({
      era: 'legacy',
      onElicit: (params) =>
        String(params.message) === 'Release note'
          ? { action: 'accept', content: { note: 'once' } }
          : { action: 'accept', content: { ok: true } },
    });
    session.fallbackNotificationHandler = async (notification) => {
      if (notification.method === 'notifications/tasks/status') heard.push(notification.params as Json);
    };
    await connectHttp(session, url);
    const { task } = (await send(session, 'tools/call', {
      name: 'deploy',
      arguments: { service: 'web' },
      task: { ttl: 60_000 },
    })) as { task: Json };
    await send(session, 'tasks/result', { taskId: task.taskId });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const changes = heard
      .filter((params) => params.taskId === task.taskId)
      .map((params) => `${String(params.status)}@${String(params.lastUpdatedAt)}`);
    expect(changes.filter((change) => change.startsWith('input_required@')).length).toBeGreaterThan(0);
    expect(changes.filter((change) => change.startsWith('completed@'))).toHaveLength(1);
    expect(new Set(changes).size).toBe(changes.length);
    await session.close();
  });

  it('asks a session that polls tasks/get right after connecting, once its GET stream is open', async () => {
    const session = await connectHttp(
      officialClient({
        era: 'legacy',
        onElicit: (params) =>
          String(params.message) === 'Release note'
            ? { action: 'accept', content: { note: 'polled' } }
            : { action: 'accept', content: { ok: true } },
      }),
      url,
    );
    try {
      const { task } = (await send(session, 'tools/call', {
        name: 'deploy',
        arguments: { service: 'web' },
        task: {},
      })) as { task: Json };
      let status = '';
      for (let poll = 0; poll < 250 && status !== 'completed'; poll++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        status = String((await send(session, 'tasks/get', { taskId: task.taskId })).status);
      }
      expect(status).toBe('completed');
    } finally {
      await session.close();
    }
  });

  it('pushes sampling and roots requests of a task too, tied to it', async () => {
    const related: unknown[] = [];
    const session = officialClient({
      era: 'legacy',
      capabilities: { sampling: {}, roots: {}, elicitation: { form: {} } },
    });
    session.setRequestHandler('sampling/createMessage', (request) => {
      related.push((request.params._meta as Json | undefined)?.[RELATED]);
      return { role: 'assistant', content: { type: 'text', text: 'old pond' }, model: 'test' } as never;
    });
    session.setRequestHandler('roots/list', (request) => {
      related.push((request.params?._meta as Json | undefined)?.[RELATED]);
      return { roots: [{ uri: 'file:///work' }] } as never;
    });
    await connectHttp(session, url);
    try {
      const { task } = (await send(session, 'tools/call', { name: 'haiku', arguments: {}, task: {} })) as {
        task: Json;
      };
      const result = await send(session, 'tasks/result', { taskId: task.taskId });
      expect(textOf(result)).toBe('old pond | file:///work');
      expect(related).toStrictEqual([{ taskId: task.taskId }, { taskId: task.taskId }]);
    } finally {
      await session.close();
    }
  });

  it('still calls an optional task tool without params.task as a plain tool, with the push model', async () => {
    const result = await client.callTool({ name: 'deploy', arguments: { service: 'api' } });
    expect(textOf(result)).toBe('api deployed as release-1: pushed');
    expect(answered.every((params) => params._meta === undefined)).toBe(true);
  });

  it('refuses a required tool called without params.task, and a plain tool called with it (-32601)', async () => {
    const required = await rpcError(client.callTool({ name: 'migrate', arguments: {} }));
    expect(required.code).toBe(-32601);
    expect(required.message).toMatch(/requires task-augmented execution/);
    const appWithPlainTool = await rpcError(
      send(client, 'tools/call', { name: 'nope', arguments: {}, task: {} }),
    );
    expect(appWithPlainTool.code).toBe(-32602);
    const badTtl = await rpcError(send(client, 'tools/call', { name: 'migrate', task: { ttl: -1 } }));
    expect(badTtl.code).toBe(-32602);
  });

  it('refuses a task-augmented call with invalid arguments at once (-32602), making no task', async () => {
    const listed = async () => ((await send(client, 'tasks/list', {})) as { tasks: Json[] }).tasks.length;
    const tasksBefore = await listed();
    const refused = await rpcError(
      send(client, 'tools/call', { name: 'deploy', arguments: { service: 5 }, task: {} }),
    );
    expect(refused.code).toBe(-32602);
    expect(refused.message).toContain('service (type): service must be a string');
    expect(await listed()).toBe(tasksBefore);
  });

  it('fails a task whose tool result is an error, returns that result from tasks/result, refuses to cancel it', async () => {
    const { task } = (await send(client, 'tools/call', { name: 'broken', arguments: {}, task: {} })) as {
      task: Json;
    };
    const result = await send(client, 'tasks/result', { taskId: task.taskId });
    expect(result.isError).toBe(true);
    expect((result._meta as Json)[RELATED]).toStrictEqual({ taskId: task.taskId });
    expect(await send(client, 'tasks/get', { taskId: task.taskId })).toMatchObject({ status: 'failed' });
    const refused = await rpcError(send(client, 'tasks/cancel', { taskId: task.taskId }));
    expect(refused.code).toBe(-32602);
    expect(refused.message).toBe("Cannot cancel task: already in terminal status 'failed'");
  });

  it('returns the JSON-RPC error of a task that failed with one from tasks/result', async () => {
    const { task } = (await send(client, 'tools/call', {
      name: 'rollback',
      arguments: { service: 'api' },
      task: {},
    })) as { task: Json };
    const failure = await rpcError(send(client, 'tasks/result', { taskId: task.taskId }));
    expect(failure.code).toBe(-32602);
    expect(failure.message).toMatch(/service/);
  });

  it('cancels a running task before answering, and tasks/result then reports the cancel', async () => {
    const { task } = (await send(client, 'tools/call', { name: 'wait', arguments: {}, task: {} })) as {
      task: Json;
    };
    const cancelled = await send(client, 'tasks/cancel', { taskId: task.taskId });
    expect(cancelled).toMatchObject({ taskId: task.taskId, status: 'cancelled' });
    const after = await rpcError(send(client, 'tasks/result', { taskId: task.taskId }));
    expect(after.message).toBe('The task was cancelled');
  });

  it("keeps a session's tasks from another anonymous session: not found, and not listed", async () => {
    const { task } = (await send(client, 'tools/call', { name: 'migrate', arguments: {}, task: {} })) as {
      task: Json;
    };
    for (const method of ['tasks/get', 'tasks/result', 'tasks/cancel']) {
      const refused = await rpcError(send(other, method, { taskId: task.taskId }));
      expect(refused).toMatchObject({ code: -32602, message: 'Failed to retrieve task: Task not found' });
    }
    const { tasks } = (await send(other, 'tasks/list', {})) as { tasks: Json[] };
    expect(tasks.map((listed) => listed.taskId)).not.toContain(task.taskId);
    const mine = (await send(client, 'tasks/list', {})) as { tasks: Json[] };
    expect(mine.tasks.map((listed) => listed.taskId)).toContain(task.taskId);
  });

  it('pages tasks/list with an opaque cursor, and refuses a cursor it never gave', async () => {
    const session = await connectHttp(officialClient({ era: 'legacy' }), url);
    try {
      const ids: unknown[] = [];
      for (let n = 0; n < 55; n++)
        ids.push(((await send(session, 'tools/call', { name: 'migrate', task: {} })).task as Json).taskId);
      const seen: unknown[] = [];
      let pages = 0;
      let cursor: string | undefined;
      do {
        pages++;
        const page = (await send(session, 'tasks/list', cursor ? { cursor } : {})) as {
          tasks: Json[];
          nextCursor?: string;
        };
        seen.push(...page.tasks.map((task) => task.taskId));
        cursor = page.nextCursor;
      } while (cursor);
      // 50 a page.
      expect(pages).toBe(2);
      expect(seen).toStrictEqual(ids);
      const refused = await rpcError(send(session, 'tasks/list', { cursor: 'bm9wZQ' }));
      expect(refused.code).toBe(-32602);
    } finally {
      await session.close();
    }
  });
});

describe('task tools on a 2025-06-18 session', () => {
  let app: ElicitorApp;
  let client: Client;

  beforeAll(async () => {
    let url: string;
    ({ app, url } = await startHttpApp({ name: 'deployer', version: '1', tools: [DeployTools] }));
    client = await connectHttp(
      officialClient({
        era: 'legacy',
        legacyVersion: '2025-06-18',
        capabilities: { elicitation: {} },
        onElicit: () => ({ action: 'accept', content: { ok: true, note: 'old' } }),
      }),
      url,
    );
  });
  afterAll(async () => {
    await client.close();
    await app.close();
  });

  it('declares no tasks, lists no execution, and runs task tools as plain calls (that revision has no tasks)', async () => {
    expect(client.getServerCapabilities()).not.toHaveProperty('tasks');
    const { tools } = await client.listTools();
    for (const tool of tools) expect(tool).not.toHaveProperty('execution');
    resetDeployEffects();
    const result = await client.callTool({ name: 'deploy', arguments: { service: 'api' } });
    expect(textOf(result)).toBe('api deployed as release-1: old');
    expect(await rpcError(send(client, 'tasks/list', {}))).toMatchObject({ code: -32601 });
  });
});
