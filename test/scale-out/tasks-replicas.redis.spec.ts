import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Redis } from 'ioredis';
import { TestClient } from 'elicitor/testing';
import { describeWhen } from '../support/test-requirements.js';

const REDIS_URL = process.env.REDIS_URL;
const describeWithRedis = describeWhen('redis');
const REPLICA = 'test/fixtures/task-replica/dist/main.js';
/** Replica processes start, hold and take over on real time: a loaded machine needs minutes, not seconds. */
const REPLICA_TEST_TIMEOUT_MS = 120_000;
const TASKS = { extensions: { 'io.modelcontextprotocol/tasks': {} }, elicitation: { form: {} } };
type Body = Record<string, unknown>;
const anyResult = {
  '~standard': { version: 1, vendor: 'elicitor-test', validate: (value: unknown) => ({ value }) },
} as never;

/** The official client on 2025-11-25, as principal `ops`, answering every form from `answers` by message. */
async function legacyClient(replica: Replica, answers: Record<string, Body>): Promise<Client> {
  const client = new Client({ name: 'ops', version: '1' }, { capabilities: { elicitation: { form: {} } } });
  client.setRequestHandler('elicitation/create', (request) =>
    Promise.resolve((answers[String(request.params.message)] ?? { action: 'cancel' }) as never),
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(replica.url), {
      requestInit: { headers: { 'x-user': 'ops' } },
    }),
  );
  return client;
}

interface Replica {
  process: ChildProcess;
  client: TestClient;
  url: string;
}

/** Starts a replica process sharing `prefix` in Redis; resolves once it serves HTTP. */
async function startReplica(prefix: string, holdMs: number): Promise<Replica> {
  const child = spawn(process.execPath, [REPLICA], {
    env: { ...process.env, REDIS_URL, TASK_PREFIX: prefix, HOLD_MS: String(holdMs) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  for await (const chunk of child.stdout!) {
    output += String(chunk);
    if (output.includes('\n')) break;
  }
  const url = output.trim();
  return { process: child, client: TestClient.forUrl(url), url };
}

async function kill(replica: Replica): Promise<void> {
  if (replica.process.exitCode !== null || replica.process.signalCode !== null) return;
  const exited = once(replica.process, 'exit');
  replica.process.kill('SIGKILL');
  await exited;
}

/** Replica processes on one Redis: a task outlives the worker running it, and a restart of every replica. */
describeWithRedis('durable tasks across replicas (needs REDIS_URL)', () => {
  let redis: Redis;
  let prefix: string;
  let replicas: Replica[];

  beforeEach(() => {
    redis = new Redis(REDIS_URL!);
    prefix = `elicitor-tasks-test-${process.pid}-${Date.now()}-`;
    replicas = [];
  });
  afterEach(async () => {
    await Promise.all(replicas.map(kill));
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  const start = async (holdMs: number) => {
    const replica = await startReplica(prefix, holdMs);
    replicas.push(replica);
    return replica;
  };
  const request = async (replica: Replica, method: string, params: Body) =>
    (await replica.client.request(method, params, { capabilities: TASKS })).body;
  const until = async (replica: Replica, taskId: string, status: string, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const task = (await request(replica, 'tasks/get', { taskId })).result as Body;
      if (task.status === status) return task;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`task ${taskId} never reached ${status}`);
  };
  const releasedBy = async () => (await redis.lrange(`${prefix}released-by`, 0, -1)).map(Number);
  const untilReleased = async (count: number) => {
    while ((await releasedBy()).length < count) await new Promise((resolve) => setTimeout(resolve, 50));
  };
  const counters = async () => ({
    releases: Number(await redis.get(`${prefix}releases`)),
    announcements: Number(await redis.get(`${prefix}announcements`)),
  });

  /** Creates a task on `replica` and answers its first question: its next run releases, then holds. */
  const approvedTask = async (replica: Replica) => {
    const created = (await request(replica, 'tools/call', { name: 'release', arguments: { service: 'api' } }))
      .result as Body;
    expect(created.resultType).toBe('task');
    const taskId = created.taskId as string;
    await until(replica, taskId, 'input_required');
    await request(replica, 'tasks/update', {
      taskId,
      inputResponses: { approve: { action: 'accept', content: { ok: true } } },
    });
    return taskId;
  };

  const finish = async (replica: Replica, taskId: string) => {
    const asked = await until(replica, taskId, 'input_required');
    expect(Object.keys(asked.inputRequests as Body)).toStrictEqual(['note']);
    await request(replica, 'tasks/update', {
      taskId,
      inputResponses: { note: { action: 'accept', content: { note: 'ok' } } },
    });
    return until(replica, taskId, 'completed');
  };

  it(
    'completes on another replica when the worker dies mid-run, with one release and one commit',
    async () => {
      const first = await start(4000);
      const taskId = await approvedTask(first);
      await untilReleased(1);
      expect(await releasedBy()).toStrictEqual([first.process.pid]);
      await kill(first);

      const second = await start(0);
      const done = await finish(second, taskId);
      expect((done.result as { content: Array<{ text: string }> }).content[0]!.text).toBe(
        'api released as release-1: ok',
      );
      // The handler re-runs from the top each run: the take-over run and the final one, both on the second.
      expect(await releasedBy()).toStrictEqual([first.process.pid, second.process.pid, second.process.pid]);
      expect(await counters()).toStrictEqual({ releases: 1, announcements: 1 });
    },
    REPLICA_TEST_TIMEOUT_MS,
  );

  it(
    'on 2025-11-25: completes on another replica when the worker dies mid-run, with one release and one commit',
    async () => {
      const first = await start(4000);
      const creator = await legacyClient(first, {
        'Release api?': { action: 'accept', content: { ok: true } },
      });
      const created = (await creator.request(
        {
          method: 'tools/call',
          params: { name: 'release', arguments: { service: 'api' }, task: {} },
        } as never,
        anyResult,
      )) as { task: Body };
      const taskId = created.task.taskId as string;
      // Once the creating session names the task (as a client holding its CreateTaskResult does), the approval
      // is pushed to it and answered; the next run releases, then holds.
      await creator.request({ method: 'tasks/get', params: { taskId } } as never, anyResult);
      await untilReleased(1);
      await kill(first);
      await creator.close().catch(() => undefined);

      const second = await start(0);
      const waiter = await legacyClient(second, {
        'Release note': { action: 'accept', content: { note: 'ok' } },
      });
      try {
        // The run is taken over here; its next question rides this tasks/result, which then answers.
        const result = (await waiter.request(
          { method: 'tasks/result', params: { taskId } } as never,
          anyResult,
        )) as { content: Array<{ text: string }> };
        expect(result.content[0]!.text).toBe('api released as release-1: ok');
      } finally {
        await waiter.close();
      }
      expect(await releasedBy()).toStrictEqual([first.process.pid, second.process.pid, second.process.pid]);
      expect(await counters()).toStrictEqual({ releases: 1, announcements: 1 });
    },
    REPLICA_TEST_TIMEOUT_MS,
  );

  it(
    'survives a restart of every replica, whether running or waiting for an answer',
    async () => {
      const [a, b] = [await start(4000), await start(4000)];
      const running = await approvedTask(a);
      const waiting = (
        (await request(b, 'tools/call', { name: 'release', arguments: { service: 'db' } })).result as Body
      ).taskId as string;
      await until(a, waiting, 'input_required');
      await untilReleased(1);
      await Promise.all([kill(a), kill(b)]);

      const [c, d] = [await start(0), await start(0)];
      await finish(c, running);
      await request(d, 'tasks/update', {
        taskId: waiting,
        inputResponses: { approve: { action: 'accept', content: { ok: true } } },
      });
      await finish(c, waiting);
      expect(await counters()).toStrictEqual({ releases: 2, announcements: 2 });
    },
    REPLICA_TEST_TIMEOUT_MS,
  );
});
