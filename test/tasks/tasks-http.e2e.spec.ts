import 'reflect-metadata';
import { Elicitor, type ElicitorApp } from 'elicitor';
import { TestClient } from 'elicitor/testing';
import { startHttpApp } from '../support/transports.js';
import { DeployTools, resetDeployEffects } from './deploy-task.fixture.js';
import { deployerReplicaOptions } from './support/tasks-client.js';

const TASKS = { extensions: { 'io.modelcontextprotocol/tasks': {} }, elicitation: { form: {} } };
const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': TASKS,
};

describe('task methods over HTTP', () => {
  let app: ElicitorApp;
  let url: string;

  beforeAll(async () => {
    ({ app, url } = await startHttpApp({ name: 'deployer', version: '1', tools: [DeployTools] }));
  });
  afterAll(() => app.close());

  const post = async (method: string, params: Record<string, unknown>, name: string | undefined) => {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
    };
    if (name !== undefined) headers['mcp-name'] = name;
    const reply = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: META } }),
    });
    return { status: reply.status, body: (await reply.json()) as Record<string, unknown> };
  };

  it('routes tasks/get by Mcp-Name: the task id, and refuses a missing or different one', async () => {
    const created = await post('tools/call', { name: 'migrate', arguments: {} }, 'migrate');
    const { taskId } = created.body.result as { taskId: string };
    expect((await post('tasks/get', { taskId }, taskId)).body.result).toMatchObject({ taskId });
    for (const name of [undefined, 'migrate', `${taskId}x`]) {
      const refused = await post('tasks/get', { taskId }, name);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ code: -32020 });
    }
  });
});

describe('a cancel that reaches another replica than the one running the task', () => {
  let running: ElicitorApp;
  let other: ElicitorApp;

  beforeEach(async () => {
    resetDeployEffects();
    // Two apps on one store and one keyring: what two replicas on Redis share, in one process.
    const options = deployerReplicaOptions('replicas-share-this-secret-0123456789');
    running = await Elicitor.create(options);
    other = await Elicitor.create(options);
  });
  afterEach(async () => {
    await other.close();
    await running.close();
  });

  it('stops the run within the polling interval, through ctx.signal', async () => {
    const here = TestClient.forApp(running);
    const there = TestClient.forApp(other);
    const created = await here.request(
      'tools/call',
      { name: 'wait', arguments: {} },
      { capabilities: TASKS },
    );
    const { taskId } = created.body.result as { taskId: string };
    await new Promise((resolve) => setTimeout(resolve, 50));
    await there.request('tasks/cancel', { taskId }, { capabilities: TASKS });
    let status = '';
    for (let poll = 0; poll < 100 && status !== 'cancelled'; poll++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      status = (
        (await there.request('tasks/get', { taskId }, { capabilities: TASKS })).body.result as {
          status: string;
        }
      ).status;
    }
    expect(status).toBe('cancelled');
  });
});
