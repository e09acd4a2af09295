import 'reflect-metadata';
import { Client, StreamableHTTPClientTransport, type SubscriptionFilter } from '@modelcontextprotocol/client';
import { Elicitor, type ElicitorApp } from 'elicitor';
import { accept, TestClient } from 'elicitor/testing';
import { startHttpApp } from '../support/transports.js';
import { resetDeployEffects } from './deploy-task.fixture.js';
import { deployerReplicaOptions, startTasksApp } from './support/tasks-client.js';

const EXTENSION = 'io.modelcontextprotocol/tasks';
type Body = Record<string, unknown>;

/**
 * `notifications/tasks` on a `subscriptions/listen` stream (2026-07-28), opened by the official client's
 * `listen()`: the state of each followed task as it changes, its questions and its result included.
 */
describe('task status notifications on subscriptions/listen', () => {
  let app: ElicitorApp;
  let url: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    ({ app, url } = await startTasksApp());
  });
  afterAll(async () => {
    for (const client of clients) await client.close().catch(() => undefined);
    await app.close();
  });
  beforeEach(() => resetDeployEffects());

  /** A raw task request, the way the Tasks client sends it. */
  async function post(method: string, params: Body, name: string): Promise<Body> {
    const reply = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': method,
        'mcp-name': name,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method,
        params: {
          ...params,
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': {
              elicitation: { form: {} },
              extensions: { [EXTENSION]: {} },
            },
          },
        },
      }),
    });
    return ((await reply.json()) as { result: Body }).result;
  }

  async function connect(capabilities: Body): Promise<{ client: Client; received: Body[] }> {
    const client = new Client(
      { name: 'watcher', version: '1.0.0' },
      { capabilities, versionNegotiation: { mode: 'auto' } },
    );
    const received: Body[] = [];
    client.fallbackNotificationHandler = (notification) => {
      received.push(notification as Body);
      return Promise.resolve();
    };
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    clients.push(client);
    return { client, received };
  }

  async function until(received: Body[], status: string): Promise<Body> {
    for (let wait = 0; wait < 300; wait++) {
      const found = received.find((n) => (n.params as Body).status === status);
      if (found) return found.params as Body;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no notifications/tasks with status ${status}`);
  }

  it('streams each change of a followed task: its questions, then its result', async () => {
    const created = await post('tools/call', { name: 'deploy', arguments: { service: 'api' } }, 'deploy');
    const taskId = created.taskId as string;
    const { client, received } = await connect({
      elicitation: { form: {} },
      extensions: { [EXTENSION]: {} },
    });
    // The client's SubscriptionFilter has no taskIds yet, so its honoredFilter drops them; the stream has them.
    const subscription = await client.listen({ taskIds: [taskId] } as SubscriptionFilter);

    const asking = await until(received, 'input_required');
    expect(asking).toMatchObject({ taskId, inputRequests: { approve: { method: 'elicitation/create' } } });
    await post(
      'tasks/update',
      { taskId, inputResponses: { approve: { action: 'accept', content: { ok: true } } } },
      taskId,
    );
    for (let wait = 0; wait < 300; wait++) {
      const questions = received.map((n) => (n.params as Body).inputRequests as Body | undefined);
      if (questions.some((asked) => asked?.note)) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await post(
      'tasks/update',
      { taskId, inputResponses: { note: { action: 'accept', content: { note: 'ok' } } } },
      taskId,
    );
    const done = await until(received, 'completed');
    expect(done).toMatchObject({
      taskId,
      result: { content: [{ type: 'text', text: 'api deployed as release-1: ok' }] },
    });
    expect(received.every((n) => n.method === 'notifications/tasks')).toBe(true);
    await subscription.close();
  });

  it('refuses task notifications to a request that does not declare the extension (-32021)', async () => {
    const { client } = await connect({ elicitation: { form: {} } });
    await expect(client.listen({ taskIds: ['any'] } as SubscriptionFilter)).rejects.toMatchObject({
      code: -32021,
    });
  });
});

describe('task status notifications from another replica', () => {
  it('reaches a stream on one replica when the task changes on another, through the shared store', async () => {
    resetDeployEffects();
    // Two replicas on one store: the task lives and runs on the first, the listener holds the second.
    const options = deployerReplicaOptions('notify-replicas-secret-0123456789abcdef');
    const runner = await Elicitor.create(options);
    const { app: listener, url } = await startHttpApp(options);
    const client = new Client(
      { name: 'watcher', version: '1.0.0' },
      { capabilities: { extensions: { [EXTENSION]: {} } }, versionNegotiation: { mode: 'auto' } },
    );
    try {
      const onRunner = TestClient.forApp(runner);
      const capabilities = { elicitation: { form: {} }, extensions: { [EXTENSION]: {} } };
      const created = await onRunner.request(
        'tools/call',
        { name: 'deploy', arguments: { service: 'db' } },
        { capabilities },
      );
      const taskId = (created.body.result as Body).taskId as string;
      const received: Body[] = [];
      client.fallbackNotificationHandler = (notification) => {
        received.push(notification.params as Body);
        return Promise.resolve();
      };
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      const subscription = await client.listen({ taskIds: [taskId] } as SubscriptionFilter);
      const seen = async (test: (task: Body) => boolean) => {
        for (let wait = 0; wait < 300 && !received.some(test); wait++)
          await new Promise((resolve) => setTimeout(resolve, 10));
        return received.find(test);
      };
      expect(
        await seen((task) => (task.inputRequests as Body | undefined)?.approve !== undefined),
      ).toBeDefined();
      const answer = (inputResponses: Body) =>
        onRunner.request('tasks/update', { taskId, inputResponses }, { capabilities });
      await answer({ approve: accept({ ok: true }) });
      expect(
        await seen((task) => (task.inputRequests as Body | undefined)?.note !== undefined),
      ).toBeDefined();
      await answer({ note: accept({ note: 'elsewhere' }) });
      expect(await seen((task) => task.status === 'completed')).toMatchObject({
        taskId,
        result: { content: [{ type: 'text', text: 'db deployed as release-1: elsewhere' }] },
      });
      await subscription.close();
    } finally {
      await client.close().catch(() => undefined);
      await listener.close();
      await runner.close();
    }
  });
});
