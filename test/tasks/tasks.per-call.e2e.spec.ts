import 'reflect-metadata';
import { Elicitor, type ElicitorApp } from 'elicitor';
import { accept, TestClient } from 'elicitor/testing';
import { textOf } from '../support/transports.js';
import { ReleaseTools, releaseEffects, resetReleaseEffects } from './per-call-task.fixture.js';
import { runTasksClient, startTasksApp } from './support/tasks-client.js';

const TASKS = { extensions: { 'io.modelcontextprotocol/tasks': {} }, elicitation: { form: {} } };
const PLAIN = { elicitation: { form: {} } };
type Body = Record<string, unknown>;

describe('a per-call task tool: questions in the call, then a task from ctx.continueAsTask()', () => {
  let app: ElicitorApp;
  let client: TestClient;
  let warnings: string[];

  beforeEach(async () => {
    resetReleaseEffects();
    warnings = [];
    app = await Elicitor.create({
      name: 'releaser',
      version: '1',
      tools: [ReleaseTools],
      logger: { info() {}, warn: (message: string) => warnings.push(message), error() {} },
      requestState: { keys: ['per-call-test-secret-0123456789abcdef'] },
      tasks: { pollIntervalMs: 20, ttlMs: 600_000 },
    });
    client = TestClient.forApp(app);
  });
  afterEach(() => app.close());

  const call = async (params: Body, capabilities: Body) =>
    (await client.request('tools/call', { name: 'release', ...params }, { capabilities })).body
      .result as Body;

  it('lists the tool with optional task support', async () => {
    const listed = (await client.request('tools/list', {}, { capabilities: PLAIN })).body.result as Body;
    const tool = (listed.tools as Body[]).find((entry) => entry.name === 'release');
    expect(tool?.execution).toStrictEqual({ taskSupport: 'optional' });
  });

  it('settles the question above the boundary in the call, then creates a task carrying its answer', async () => {
    const first = await call({ arguments: { service: 'api' } }, TASKS);
    expect(first).toMatchObject({
      resultType: 'input_required',
      inputRequests: { target: expect.any(Object) },
    });
    expect(first).not.toHaveProperty('taskId');
    const created = await call(
      {
        arguments: { service: 'api' },
        requestState: first.requestState,
        inputResponses: { target: accept({ env: 'prod' }) },
      },
      TASKS,
    );
    expect(created).toMatchObject({ resultType: 'task', status: 'working', ttlMs: 600_000 });
    expect(created).not.toHaveProperty('requestState');
    // The work before the boundary ran once, in the call; nothing after it ran yet.
    expect(releaseEffects).toStrictEqual({ sizings: 1, reservations: 1, rollouts: 0, announcements: 0 });
    const taskId = created.taskId as string;
    let task: Body = {};
    for (let poll = 0; poll < 200 && task.status !== 'input_required'; poll++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      task = (await client.request('tasks/get', { taskId }, { capabilities: TASKS })).body.result as Body;
    }
    // The task asks only what lies past the boundary: the answer to `target` came with it.
    expect(Object.keys(task.inputRequests as Body)).toStrictEqual(['approve']);
  });

  it('decides per call: a call that never reaches the boundary answers in the call', async () => {
    const first = await call({ arguments: { service: 'web' } }, TASKS);
    const done = await call(
      {
        arguments: { service: 'web' },
        requestState: first.requestState,
        inputResponses: { target: accept({ env: 'dev' }) },
      },
      TASKS,
    );
    expect(done).toMatchObject({ resultType: 'complete' });
    expect(textOf(done)).toBe('web (size-1) released to dev in slot-1');
    expect(releaseEffects).toMatchObject({ reservations: 1, announcements: 1 });
  });

  it('warns when a catch block swallows the boundary, and the call goes on in place', async () => {
    const done = await call({ name: 'careless', arguments: {} }, TASKS);
    expect(done).toMatchObject({ resultType: 'complete' });
    expect(textOf(done)).toBe('went on in place');
    expect(warnings.join('\n')).toMatch(
      /careless returned a final result after calling ctx.continueAsTask\(\)/,
    );
  });

  it('continues inline for a client that does not declare the extension', async () => {
    const script = { target: accept({ env: 'prod' }), approve: accept({ ok: true }) };
    const inline = await client.callTool(
      'release',
      { service: 'db' },
      { answers: script, capabilities: PLAIN },
    );
    expect(inline.text).toBe('db (size-1) released to prod in slot-1 as rollout-1');
    expect(inline.rounds.flatMap((round) => round.inputRequests.map(({ key }) => key))).toStrictEqual([
      'target',
      'approve',
    ]);
    expect(releaseEffects).toStrictEqual({ sizings: 1, reservations: 1, rollouts: 1, announcements: 1 });
  });
});

describe('a per-call task tool with the official Tasks client (@modelcontextprotocol/ext-tasks)', () => {
  let app: ElicitorApp;
  let url: string;

  beforeAll(async () => {
    ({ app, url } = await startTasksApp([ReleaseTools], 'releaser'));
  });
  afterAll(() => app.close());
  beforeEach(() => resetReleaseEffects());

  it('answers the question before the task in the call, the one inside it through the task', async () => {
    const answers = {
      'Where does api go?': { action: 'accept', content: { env: 'prod' } },
      'Roll api out to prod?': { action: 'accept', content: { ok: true } },
    };
    const report = await runTasksClient('modern', {
      target: url,
      tool: 'release',
      args: { service: 'api' },
      answers,
    });
    expect(report.status).toBe('completed');
    expect(report.asked).toStrictEqual(['Where does api go?', 'Roll api out to prod?']);
    expect(textOf(report.result)).toBe('api (size-1) released to prod in slot-1 as rollout-1');
    // once before the boundary never ran again inside the task; the commit ran once, at the end.
    expect(releaseEffects).toStrictEqual({ sizings: 1, reservations: 1, rollouts: 1, announcements: 1 });
  });
});
