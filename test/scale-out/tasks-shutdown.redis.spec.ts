import 'reflect-metadata';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Ctx, Elicitor, Tool, Tools } from 'elicitor';
import type { Context, ElicitorApp } from 'elicitor';
import { BullmqTaskQueue, RedisStateStore } from 'elicitor/redis';
import { Redis } from 'ioredis';
import { describeWhen } from '../support/test-requirements.js';

const REDIS_URL = process.env.REDIS_URL;
const describeWithRedis = describeWhen('redis');
/** Takes over run on real time (lock, stalled checks) on a loaded machine: generous. */
const TEST_TIMEOUT_MS = 60_000;
const anyResult = {
  '~standard': { version: 1, vendor: 'elicitor-test', validate: (value: unknown) => ({ value }) },
} as never;

/** A task whose run holds, after its `once` effect, until the test lets it go. */
@Tools()
class SlowTools {
  static effects = 0;
  static commits = 0;
  static hold: Promise<void> | undefined;
  static started: () => void = () => undefined;

  @Tool({ description: 'Does its effect once, holds, then commits', task: 'required' })
  async slow(@Ctx() ctx: Context): Promise<string> {
    const effect = await ctx.once('effect', () => Promise.resolve(++SlowTools.effects));
    SlowTools.started();
    await SlowTools.hold;
    ctx.onCommit(() => {
      SlowTools.commits += 1;
    });
    return `effect ${effect} done`;
  }
}

interface Replica {
  app: ElicitorApp;
  url: string;
  warnings: string[];
}

/** Two apps in this process share one Redis: replicas of one server, each with its own BullMQ worker. */
describeWithRedis('closing an app whose task runs outlast shutdownTimeoutMs (needs REDIS_URL)', () => {
  let prefix: string;
  let replicas: Replica[];
  let clients: Client[];

  beforeEach(() => {
    prefix = `elicitor-shutdown-test-${process.pid}-${Date.now()}-`;
    replicas = [];
    clients = [];
    SlowTools.effects = 0;
    SlowTools.commits = 0;
    SlowTools.hold = undefined;
  });
  afterEach(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    await Promise.all(replicas.map(({ app }) => app.close()));
    const redis = new Redis(REDIS_URL!);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  const startReplica = async (shutdownTimeoutMs: number): Promise<Replica> => {
    const warnings: string[] = [];
    const app = await Elicitor.create({
      name: 'slow',
      version: '1.0.0',
      tools: [SlowTools],
      store: new RedisStateStore(REDIS_URL!, { keyPrefix: prefix }),
      requestState: { keys: ['shutdown-test-shared-secret-0123456789'], leaseMs: 1000 },
      shutdownTimeoutMs,
      logger: { info: () => undefined, warn: (message) => warnings.push(message), error: () => undefined },
      tasks: {
        pollIntervalMs: 100,
        queue: new BullmqTaskQueue({
          connection: REDIS_URL!,
          prefix: `${prefix}bull`,
          lockDurationMs: 1500,
          stalledIntervalMs: 500,
        }),
      },
    });
    const { url } = await app.listen({
      http: {
        port: 0,
        // Tasks belong to the caller named in `x-user`, on every replica.
        authenticate: (request) => {
          const user = request.headers['x-user'];
          return typeof user === 'string' ? { token: user, clientId: user, scopes: [] } : undefined;
        },
      },
    });
    const replica = { app, url: url!, warnings };
    replicas.push(replica);
    return replica;
  };

  /** The official client on 2025-11-25, as principal `ops`. */
  const connect = async (replica: Replica): Promise<Client> => {
    const client = new Client({ name: 'ops', version: '1' }, { capabilities: {} });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(replica.url), {
        requestInit: { headers: { 'x-user': 'ops' } },
      }),
    );
    clients.push(client);
    return client;
  };

  /** Creates the task on `replica`; resolves once its run holds, past its `once` effect. */
  const startSlowTask = async (replica: Replica): Promise<string> => {
    const started = new Promise<void>((resolve) => (SlowTools.started = resolve));
    const client = await connect(replica);
    const created = (await client.request(
      { method: 'tools/call', params: { name: 'slow', arguments: {}, task: {} } } as never,
      anyResult,
    )) as { task: { taskId: string } };
    await started;
    return created.task.taskId;
  };

  const resultOf = async (replica: Replica, taskId: string): Promise<string> => {
    const client = await connect(replica);
    const result = (await client.request(
      { method: 'tasks/result', params: { taskId } } as never,
      anyResult,
    )) as { content: Array<{ text: string }> };
    return result.content[0]!.text;
  };

  it(
    'closes within the budget, cutting the run, which another replica completes with one effect and one commit',
    async () => {
      const first = await startReplica(300);
      SlowTools.hold = new Promise<void>(() => undefined); // the first run never ends by itself
      const taskId = await startSlowTask(first);

      const begun = Date.now();
      await first.app.close();
      expect(Date.now() - begun).toBeLessThan(2000);
      expect(first.warnings).toContainEqual(
        expect.stringMatching(new RegExp(`1 run\\(s\\) cut.*${taskId}-1`)),
      );

      SlowTools.hold = undefined;
      const second = await startReplica(10_000);
      expect(await resultOf(second, taskId)).toBe('effect 1 done');
      expect({ effects: SlowTools.effects, commits: SlowTools.commits }).toStrictEqual({
        effects: 1,
        commits: 1,
      });
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'waits for a run that finishes within the budget, and cuts nothing',
    async () => {
      const first = await startReplica(10_000);
      let release!: () => void;
      SlowTools.hold = new Promise<void>((resolve) => (release = resolve));
      const taskId = await startSlowTask(first);

      const closed = first.app.close();
      setTimeout(release, 200);
      await closed;
      expect(first.warnings.filter((warning) => warning.includes('cut'))).toStrictEqual([]);
      expect({ effects: SlowTools.effects, commits: SlowTools.commits }).toStrictEqual({
        effects: 1,
        commits: 1,
      });

      const second = await startReplica(10_000);
      expect(await resultOf(second, taskId)).toBe('effect 1 done');
      expect(SlowTools.commits).toBe(1);
    },
    TEST_TIMEOUT_MS,
  );
});
