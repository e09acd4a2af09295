import 'reflect-metadata';
import fc from 'fast-check';
import type { ElicitorApp } from 'elicitor';
import { TestClient } from 'elicitor/testing';
import { DeployTools, deployEffects, resetDeployEffects } from '../tasks/deploy-task.fixture.js';
import { startHttpApp } from '../support/transports.js';
import { FUZZ_SEED, FUZZ_RUNS, applyEdit, faultOf, structureEdit } from './wire-fuzz.support.js';

const TASKS = { extensions: { 'io.modelcontextprotocol/tasks': {} }, elicitation: { form: {} } };

type Body = Record<string, unknown>;
type Action = 'right' | 'twice' | 'damaged-update' | 'damaged-get' | 'cancel' | 'damaged-cancel';
const action = fc.constantFrom<Action>(
  'right',
  'right',
  'twice',
  'damaged-update',
  'damaged-get',
  'cancel',
  'damaged-cancel',
);
const step = fc.record({ action, edits: fc.array(structureEdit, { minLength: 1, maxLength: 2 }) });

function rightAnswers(task: Body): Body {
  const answers: Body = {};
  for (const key of Object.keys((task.inputRequests ?? {}) as Body))
    answers[key] = { action: 'accept', content: key.startsWith('approve') ? { ok: true } : { note: 'fuzz' } };
  return answers;
}

/**
 * A task that asks twice, deploys once and announces on commit, driven over HTTP with right answers,
 * answers sent twice at once, damaged `tasks/update`, `tasks/get` and `tasks/cancel` messages, and
 * cancellations: every reply is a result or a client-fault error, and the deploy and its announcement
 * happen at most once, exactly once when the task completes deployed.
 */
describe('task messages changed, repeated and raced', () => {
  let app: ElicitorApp;
  let client: TestClient;
  beforeAll(async () => {
    let url: string;
    ({ app, url } = await startHttpApp({
      name: 'task-fuzz',
      version: '1',
      tools: [DeployTools],
      // A task counts against its caller until its TTL, whatever its status: room for every run's task.
      tasks: { pollIntervalMs: 5, maxPerPrincipal: 100_000 },
      logger: { info() {}, warn() {}, error() {} },
    }));
    client = TestClient.forUrl(url);
  });
  afterAll(() => app.close());

  const send = async (method: string, params: Body): Promise<Body | undefined> => {
    const reply = await client.request(method, params, { capabilities: TASKS });
    const messages = Object.keys(reply.body).length === 0 ? [] : [reply.body];
    const fault = faultOf({ status: reply.status, messages });
    if (fault !== undefined)
      throw new Error(`${fault}\n  for ${method} ${JSON.stringify(params).slice(0, 300)}`);
    return reply.body.result as Body | undefined;
  };
  /** The task once it stops working: waiting for input or ended. */
  const settled = async (taskId: string): Promise<Body> => {
    for (let poll = 0; poll < 400; poll++) {
      const task = (await send('tasks/get', { taskId }))!;
      if (task.status !== 'working') return task;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`task ${taskId} kept working`);
  };

  it('deploys and announces at most once per task, whatever its messages', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        resetDeployEffects();
        const created = (await send('tools/call', { name: 'deploy', arguments: { service: 'api' } }))!;
        const taskId = created.taskId as string;
        let task = await settled(taskId);
        for (const { action: next, edits } of steps) {
          if (task.status !== 'input_required') break;
          const update = { taskId, inputResponses: rightAnswers(task) };
          const damaged = (params: Body) =>
            edits.reduce<unknown>((body, edit) => applyEdit(body as object, edit), params) as Body;
          if (next === 'right') await send('tasks/update', update);
          if (next === 'twice')
            await Promise.all([send('tasks/update', update), send('tasks/update', update)]);
          if (next === 'damaged-update') await send('tasks/update', damaged(update));
          if (next === 'damaged-get') await send('tasks/get', damaged({ taskId }));
          if (next === 'cancel') await send('tasks/cancel', { taskId });
          if (next === 'damaged-cancel') await send('tasks/cancel', damaged({ taskId }));
          task = await settled(taskId);
        }
        expect(deployEffects.deploys).toBeLessThanOrEqual(1);
        expect(deployEffects.announcements).toBeLessThanOrEqual(deployEffects.deploys);
        const text = JSON.stringify(task.result ?? '');
        if (task.status === 'completed' && text.includes('deployed as'))
          expect([deployEffects.deploys, deployEffects.announcements]).toStrictEqual([1, 1]);
      }),
      { seed: FUZZ_SEED + 9, numRuns: Math.ceil(FUZZ_RUNS / 3) },
    );
  });
});
