import 'reflect-metadata';
import { Redis } from 'ioredis';
import { Elicitor, type ElicitorApp } from 'elicitor';
import { RedisStateStore } from 'elicitor/redis';
import { testKeyring } from 'elicitor/testing';
import { describeWhen } from '../support/test-requirements.js';
import { textOf } from '../support/transports.js';
import { DeployTools, deployEffects, resetDeployEffects } from './deploy-task.fixture.js';
import {
  DEPLOY_ANSWERS,
  runTasksOnFreshSessions,
  startTasksApp,
  type FreshSessionCallReport,
} from './support/tasks-client.js';

const REDIS_URL = process.env.REDIS_URL;
const describeWithRedis = describeWhen('redis');
const CALLS = 50;
/** 50 sessions opened, polled and closed one after another by a client process: generous on a loaded machine. */
const RUN_TIMEOUT_MS = 150_000;

/** The calls whose task did not ask both of the deploy's questions, or did not deploy with the answers. */
function callsThatLostAQuestion(calls: FreshSessionCallReport[]): FreshSessionCallReport[] {
  return calls.filter(
    (call) =>
      call.status !== 'completed' ||
      call.asked.length !== 2 ||
      !/^Deploy api with plan-\d+\?$/.test(call.asked[0]!) ||
      call.asked[1] !== 'Release note' ||
      !/^api deployed as release-\d+: shipped$/.test(textOf(call.result)),
  );
}

async function expectNoQuestionLost(url: string): Promise<void> {
  const calls = await runTasksOnFreshSessions({
    url,
    tool: 'deploy',
    args: { service: 'api' },
    answers: DEPLOY_ANSWERS,
    count: CALLS,
    timeoutMs: RUN_TIMEOUT_MS,
  });
  expect(calls).toHaveLength(CALLS);
  expect(callsThatLostAQuestion(calls)).toStrictEqual([]);
  expect(deployEffects).toStrictEqual({ plans: CALLS, deploys: CALLS, announcements: CALLS });
}

/**
 * A client that opens a new session for each call learns of its task from the `tools/call` response, on the
 * POST, while the server's questions reach it on the session's GET stream. A task whose run asks at once must
 * not push its question before the client holds the `CreateTaskResult`: the official Tasks client cannot tie
 * such a question to any task and answers `cancel` itself, so the person is never asked.
 */
describe('2025-11-25 tasks called by the official Tasks client on a new session each time', () => {
  beforeEach(() => resetDeployEffects());

  it(
    'asks every question of 50 tasks, each on a fresh session, with tasks on the memory store',
    async () => {
      const { app, url } = await startTasksApp();
      try {
        await expectNoQuestionLost(url);
      } finally {
        await app.close();
      }
    },
    RUN_TIMEOUT_MS + 10_000,
  );
});

describeWithRedis(
  '2025-11-25 tasks on Redis called by the official Tasks client on a new session each time',
  () => {
    const prefix = `fresh-sessions-${process.pid}-`;
    let app: ElicitorApp | undefined;

    beforeEach(() => resetDeployEffects());
    afterEach(async () => {
      await app?.close();
      const redis = new Redis(REDIS_URL!);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    });

    it(
      'asks every question of 50 tasks, each on a fresh session, with tasks on the Redis store',
      async () => {
        app = await Elicitor.create({
          name: 'deployer',
          version: '1',
          tools: [DeployTools],
          store: new RedisStateStore(REDIS_URL!, { keyPrefix: prefix }),
          requestState: { keys: testKeyring() },
          tasks: { pollIntervalMs: 20 },
        });
        const { url } = await app.listen({ http: { port: 0 } });
        await expectNoQuestionLost(url!);
      },
      RUN_TIMEOUT_MS + 10_000,
    );
  },
);
