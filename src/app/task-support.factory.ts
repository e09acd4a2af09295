import type { RequestStateCodec } from '../mrtr/request-state.codec.js';
import type { StateStore } from '../mrtr/stores/state-store.js';
import type { HandlerRegistry } from '../registry/handler-registry.js';
import type { CallDispatcher } from '../server/call-dispatcher.js';
import type { LegacyProtocolHandler } from '../server/legacy/legacy-protocol.handler.js';
import type { ModernProtocolHandler } from '../server/modern/modern-protocol.handler.js';
import type { ServerEventHub } from '../server/subscriptions/server-event-hub.js';
import { LegacyTasksHandler } from '../server/tasks/legacy-tasks.handler.js';
import { TaskRoundRunner } from '../server/tasks/task-round.runner.js';
import { TaskStatusFeed } from '../server/tasks/task-status-feed.runner.js';
import { TasksHandler } from '../server/tasks/tasks.handler.js';
import type { Clock } from '../shared/clock.js';
import type { ServerLogger } from '../shared/server-logger.js';
import { InProcessTaskQueue } from '../tasks/in-process-task-queue.runner.js';
import type { TaskQueue } from '../tasks/task-queue.js';
import { TaskStore } from '../tasks/task.store.js';

/** How tools run as tasks: the queue, how long a task lives, how often clients poll, and the cap per principal. */
export interface TasksOptions {
  /**
   * Where task runs wait for a worker. Default: this process (`InProcessTaskQueue`). With several replicas,
   * `BullmqTaskQueue` from `elicitor/redis`, next to the Redis store: a run whose replica died is taken over.
   */
  queue?: TaskQueue;
  /** How long a task lives from its creation, whatever its status. Default 1 hour. */
  ttlMs?: number;
  /**
   * The polling interval suggested to clients, how often a run looks for a cancel, and how often a
   * `subscriptions/listen` stream looks for changes of the tasks it follows. Default 1 s. A change is
   * heard at once besides, on this replica and (with a `fleet`) on the others; the interval is what
   * holds when a change goes unheard.
   */
  pollIntervalMs?: number;
  /** Most live tasks one principal may hold. Default 100. */
  maxPerPrincipal?: number;
}

export interface TaskSupportParts {
  registry: HandlerRegistry;
  dispatcher: CallDispatcher;
  modern: ModernProtocolHandler;
  legacy: LegacyProtocolHandler;
  codec: RequestStateCodec;
  store: StateStore;
  clock: Clock;
  logger: ServerLogger;
  /** Carries each task change to the task's followers here and, in a fleet, on every replica. */
  events: ServerEventHub;
}

const DEFAULT_TASK_TTL_MS = 3_600_000;
const DEFAULT_POLL_INTERVAL_MS = 1000;

/** What the app keeps of its task support: the queue it closes first, the feed of `notifications/tasks`. */
export interface TaskSupport {
  queue: TaskQueue;
  statusFeed: TaskStatusFeed;
}

/**
 * Serves the Tasks extension on the modern leg (`tools/call` taken over for task tools; `tasks/get`,
 * `tasks/update` and `tasks/cancel` with their `Mcp-Name` check) and the protocol's own tasks on 2025-11-25
 * sessions (task-augmented `tools/call`, `tasks/get`, `tasks/list`, `tasks/cancel`, `tasks/result`), both on
 * one store, queue and runner; then starts the queue's worker.
 */
export async function installTaskSupport(
  parts: TaskSupportParts,
  options: TasksOptions = {},
): Promise<TaskSupport> {
  const { logger, clock, events } = parts;
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const tasks = new TaskStore(parts.store, {
    clock,
    onChange: (record) => events.announceTaskChange(record.id, record),
    ...(options.maxPerPrincipal !== undefined ? { maxPerPrincipal: options.maxPerPrincipal } : {}),
  });
  const queue = options.queue ?? new InProcessTaskQueue({ logger });
  const rounds = new TaskRoundRunner({
    tasks,
    dispatcher: parts.dispatcher,
    logger,
    clock,
    cancelCheckMs: pollIntervalMs,
  });
  const handler = new TasksHandler({
    tasks,
    queue,
    rounds,
    registry: parts.registry,
    dispatcher: parts.dispatcher,
    codec: parts.codec,
    store: parts.store,
    clock,
    ttlMs: options.ttlMs ?? DEFAULT_TASK_TTL_MS,
    pollIntervalMs,
  });
  const { modern } = parts;
  modern.routeToolCalls((params, environment) => handler.callTool(params, environment));
  modern.register('tasks/get', (params, environment) => handler.get(params, environment));
  modern.register('tasks/update', (params, environment) => handler.update(params, environment));
  modern.register('tasks/cancel', (params, environment) => handler.cancel(params, environment));
  modern.addHeaderCheck(handler.checkHeaders);
  const legacyTasks = new LegacyTasksHandler({
    tasks,
    core: handler,
    rounds,
    registry: parts.registry,
    dispatcher: parts.dispatcher,
    clock,
    logger,
  });
  const { legacy } = parts;
  legacy.routeToolCalls(legacyTasks.callTool);
  legacy.register('tasks/get', legacyTasks.get);
  legacy.register('tasks/list', legacyTasks.list);
  legacy.register('tasks/cancel', legacyTasks.cancel);
  legacy.register('tasks/result', legacyTasks.result);
  // Every change, the runs' own included, reaches the runs and the 2025 sessions through the hub.
  events.subscribeTaskChanges((taskId, record) => {
    rounds.heardChange(taskId, record);
    legacyTasks.heardChange(taskId, record);
  });
  await queue.start((job) => rounds.run(job), logger);
  return { queue, statusFeed: new TaskStatusFeed(tasks, pollIntervalMs, logger, events) };
}
