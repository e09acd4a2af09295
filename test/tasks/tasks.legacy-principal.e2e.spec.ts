import 'reflect-metadata';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Elicitor } from 'elicitor';
import type { ElicitorApp } from 'elicitor';
import { MemoryStateStore, testKeyring } from 'elicitor/testing';
import { textOf } from '../support/transports.js';
import { DeployTools, resetDeployEffects } from './deploy-task.fixture.js';

const anyResult = {
  '~standard': { version: 1, vendor: 'elicitor-test', validate: (value: unknown) => ({ value }) },
} as never;
type Json = Record<string, unknown>;

/**
 * 2025-11-25 tasks of an authenticated principal: they belong to the principal, not to the session, so another
 * session of the same principal may poll one and is asked its questions there (as a client polling another
 * replica is); another principal sees nothing.
 */
describe('2025-11-25 tasks owned by an authenticated principal', () => {
  let app: ElicitorApp;
  let url: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    app = await Elicitor.create({
      name: 'deployer',
      version: '1',
      tools: [DeployTools],
      store: new MemoryStateStore(),
      requestState: { keys: testKeyring() },
      tasks: { pollIntervalMs: 20 },
    });
    // The caller names itself in a header: enough to give each request a principal.
    ({ url } = (await app.listen({
      http: {
        port: 0,
        authenticate: (request) => {
          const user = request.headers['x-user'];
          return typeof user === 'string' ? { token: user, clientId: user, scopes: [] } : undefined;
        },
      },
    })) as { url: string });
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await app.close();
  });

  const connect = async (user: string, onElicit: (params: Json, signal: AbortSignal) => Promise<Json>) => {
    const client = new Client({ name: user, version: '1' }, { capabilities: { elicitation: { form: {} } } });
    client.setRequestHandler(
      'elicitation/create',
      async (request, ctx) => (await onElicit(request.params, ctx.mcpReq.signal)) as never,
    );
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { 'x-user': user } } }),
    );
    clients.push(client);
    return client;
  };
  const send = async (client: Client, method: string, params: Json) =>
    (await client.request({ method, params } as never, anyResult)) as Json;

  it('asks the questions of a task on the session that polls it, and hides it from another principal', async () => {
    resetDeployEffects();
    // The creating session never answers: the questions must reach the session that polls. Once the task
    // goes on without it, its open questions are withdrawn (notifications/cancelled).
    const withdrawn: string[] = [];
    const creator = await connect('alice', (params, signal) => {
      signal.addEventListener('abort', () => withdrawn.push(String(params.message)), { once: true });
      return new Promise<Json>(() => undefined);
    });
    const poller = await connect('alice', async (params) =>
      String(params.message) === 'Release note'
        ? { action: 'accept', content: { note: 'from the poller' } }
        : { action: 'accept', content: { ok: true } },
    );
    const stranger = await connect('bob', () => Promise.resolve({ action: 'decline' }));
    const { task } = (await send(creator, 'tools/call', {
      name: 'deploy',
      arguments: { service: 'api' },
      task: {},
    })) as { task: Json };
    const taskId = task.taskId;
    // The creator names the task once, as a client that holds its CreateTaskResult does: from then on it is
    // pushed the task's questions too.
    await send(creator, 'tasks/get', { taskId });

    await expect(send(stranger, 'tasks/get', { taskId })).rejects.toMatchObject({ code: -32602 });
    expect(((await send(stranger, 'tasks/list', {})).tasks as Json[]).length).toBe(0);

    let status = '';
    for (let poll = 0; poll < 500 && status !== 'completed'; poll++) {
      status = String((await send(poller, 'tasks/get', { taskId })).status);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe('completed');
    const result = await send(creator, 'tasks/result', { taskId });
    expect(textOf(result)).toBe('api deployed as release-1: from the poller');
    // The second question at least found the creator's GET stream open, and was withdrawn there.
    expect(withdrawn).toContain('Release note');
  });
});
