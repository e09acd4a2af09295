// `node bench/dist/task-cost.js [--tasks 300] [--polls 20000] [--redis redis://127.0.0.1:6379]`: what tasks
// cost in process, on the memory store (or Redis with BullMQ): `tasks/get` polls per second, and a whole
// one-question call run as a task next to the same call on the re-run model; see bench/README.md.
import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import { Context, Ctx, ElicitRequestParams, Elicitor, Tool, Tools } from 'elicitor';
import type { ElicitorApp, ElicitorOptions } from 'elicitor';
import { BullmqTaskQueue, RedisStateStore } from 'elicitor/redis';
import { Redis } from 'ioredis';
import { fixed, textTable } from './report/text-table.js';
import { requestMeta } from './wire/mcp-wire.js';

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
}

const tasks = Number(option('tasks', '300'));
const polls = Number(option('polls', '20000'));
const redisUrl = option('redis', '');
const silentLogger = { info: () => {}, warn: () => {}, error: () => {} };
const TASKS_META = {
  ...requestMeta,
  'io.modelcontextprotocol/clientCapabilities': {
    elicitation: { form: {} },
    extensions: { 'io.modelcontextprotocol/tasks': {} },
  },
};

@Tools()
class TaskBenchTools {
  @Tool({ description: 'One question, then done', task: 'optional' })
  async confirm(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit('ok', ElicitRequestParams.form('OK?').withRequired('ok', 'boolean'));
    return `ok=${String(answer.content()?.ok)}`;
  }
}

let nextId = 1;
async function send(
  app: ElicitorApp,
  method: string,
  params: Record<string, unknown>,
  meta: Record<string, unknown> = TASKS_META,
) {
  const reply = await app.handleModernMessage({
    jsonrpc: '2.0',
    id: nextId++,
    method,
    params: { ...params, _meta: meta },
  });
  const body = reply.body as { result?: Record<string, unknown>; error?: unknown };
  if (body.error) throw new Error(`${method} failed: ${JSON.stringify(body.error)}`);
  return body.result!;
}

/** Polls as fast as the event loop allows until the task reaches `status`; returns the polls it took. */
async function until(app: ElicitorApp, taskId: string, status: string): Promise<number> {
  for (let count = 1; ; count++) {
    if ((await send(app, 'tasks/get', { taskId })).status === status) return count;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const answer = { ok: { action: 'accept', content: { ok: true } } };

async function plainCall(app: ElicitorApp): Promise<void> {
  const meta = requestMeta;
  const first = await send(app, 'tools/call', { name: 'confirm', arguments: {} }, meta);
  await send(
    app,
    'tools/call',
    { name: 'confirm', arguments: {}, requestState: first.requestState, inputResponses: answer },
    meta,
  );
}

async function taskCall(app: ElicitorApp): Promise<number> {
  const { taskId } = (await send(app, 'tools/call', { name: 'confirm', arguments: {} })) as {
    taskId: string;
  };
  let count = await until(app, taskId, 'input_required');
  await send(app, 'tasks/update', { taskId, inputResponses: answer });
  count += await until(app, taskId, 'completed');
  return count;
}

const options: ElicitorOptions = {
  name: 'task-bench',
  version: '1.0.0',
  tools: [TaskBenchTools],
  logger: silentLogger,
  tracing: false,
  requestState: { keys: ['task-bench-secret-0123456789abcdef'] },
  tasks: { maxPerPrincipal: tasks * 4, pollIntervalMs: 1000 },
};
const benchPrefix = `elicitor-task-bench-${process.pid}-`;
if (redisUrl) {
  options.store = new RedisStateStore(redisUrl, { keyPrefix: benchPrefix });
  options.tasks!.queue = new BullmqTaskQueue({
    connection: redisUrl,
    prefix: `${benchPrefix}bull`,
    concurrency: 8,
  });
}
const app = await Elicitor.create(options);

for (let i = 0; i < 50; i++) {
  await plainCall(app);
  await taskCall(app);
}
let started = performance.now();
for (let i = 0; i < tasks; i++) await plainCall(app);
const plainMs = (performance.now() - started) / tasks;
let pollsDuringTasks = 0;
started = performance.now();
for (let i = 0; i < tasks; i++) pollsDuringTasks += await taskCall(app);
const taskMs = (performance.now() - started) / tasks;

const { taskId } = (await send(app, 'tools/call', { name: 'confirm', arguments: {} })) as { taskId: string };
await until(app, taskId, 'input_required');
started = performance.now();
for (let i = 0; i < polls; i++) await send(app, 'tasks/get', { taskId });
const pollSeconds = (performance.now() - started) / 1000;
await app.close();
if (redisUrl) {
  // The bench's keys go with it: tasks, records and the queue, all under its prefix.
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${benchPrefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
}

process.stdout.write(
  `${textTable(
    ['measure', redisUrl ? 'Redis + BullMQ' : 'memory'],
    [
      ['tasks/get polls per second (one at a time)', fixed(polls / pollSeconds, 0)],
      ['plain call, 2 rounds (ms)', fixed(plainMs, 3)],
      ['same call as a task: create, answer, completed (ms)', fixed(taskMs, 3)],
      ['tasks/get polls inside each task (tight loop)', fixed(pollsDuringTasks / tasks, 1)],
    ],
  )}\n`,
);
