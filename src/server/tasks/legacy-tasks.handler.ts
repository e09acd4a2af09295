import { abortWatchOf } from '../../context/abort-watch.js';
import { principalOf } from '../../context/principal.js';
import type { RequestEnvironment } from '../../context/request-environment.js';
import { InvalidParamsError } from '../../errors/invalid-params.error.js';
import { JsonRpcErrorCode } from '../../errors/json-rpc-error-codes.js';
import { McpProtocolError } from '../../errors/protocol.error.js';
import type { HandlerRegistry } from '../../registry/handler-registry.js';
import type { Clock } from '../../shared/clock.js';
import { isRecord } from '../../shared/is-record.js';
import type { ServerLogger } from '../../shared/server-logger.js';
import type { TaskStore } from '../../tasks/task.store.js';
import { isTerminal, type TaskRecord } from '../../tasks/task.types.js';
import type { CallDispatcher } from '../call-dispatcher.js';
import type { LegacyConnection } from '../legacy/legacy-connection.js';
import { LegacyEnvironment } from '../legacy/legacy-environment.js';
import type { JsonRpcId } from '../legacy/legacy-session-record.types.js';
import { FIRST_TASKS_VERSION } from '../protocol-versions.js';
import {
  legacyCreateTaskResult,
  legacyTask,
  legacyTaskPayload,
  relatedTaskMeta,
} from './legacy-task-wire.formatter.js';
import type { TaskRoundRunner } from './task-round.runner.js';
import type { TasksHandler } from './tasks.handler.js';

export interface LegacyTasksSettings {
  tasks: TaskStore;
  /** Creates tasks and records answers, as on the Tasks extension. */
  core: TasksHandler;
  rounds: TaskRoundRunner;
  registry: HandlerRegistry;
  dispatcher: CallDispatcher;
  clock: Clock;
  logger: ServerLogger;
  /** Tasks per `tasks/list` page. Default 50. */
  pageSize?: number;
}

const NOT_FOUND = 'Failed to retrieve task: Task not found';

/**
 * The protocol's own tasks on 2025-11-25 sessions, on the same store, queue and runs as the Tasks extension:
 * a task-augmented `tools/call` creates the task; `tasks/get`, `tasks/list`, `tasks/cancel` and `tasks/result`
 * read, cancel and await it. A run that asks moves the task to `input_required`; its questions then go to the
 * client as real `elicitation/create` (or sampling) requests tied to the task by the related-task `_meta`, on
 * the `tasks/result` stream when one waits, else on the session's own stream once the client has named the task
 * in a request (never before it holds the `CreateTaskResult`), and each answer is recorded as
 * `tasks/update` records it. The session that created a task hears `notifications/tasks/status`.
 */
export class LegacyTasksHandler {
  private readonly pageSize: number;
  /**
   * The session that created each task in this process, told of its status and asked its questions once it
   * has named the task in a request (`named`): only then is its `CreateTaskResult` surely in the client's
   * hands. Over HTTP that result and a pushed question travel on different streams, and a client that gets
   * the question first cannot tie it to any task it knows, so it answers `cancel`.
   */
  private readonly creators = new Map<string, { connection: LegacyConnection; named: boolean }>();
  /** `tasks/result` requests waiting, by task id: woken by each change seen here. */
  private readonly waiting = new Map<
    string,
    Set<{ connection: LegacyConnection; requestId: JsonRpcId; wake(): void }>
  >();
  /** The newest revision of each task acted on here: an older record read late is not acted on again. */
  private readonly actedOn = new Map<string, number>();
  /** Questions sent and not answered yet, by task: withdrawn once the task no longer waits for them. */
  private readonly asked = new Map<
    string,
    Array<{ connection: LegacyConnection; wireKey: string; withdraw: AbortController }>
  >();

  /**
   * Questions answered here, by task: the revision of the record each was asked from. A record read before
   * the answer was stored (a poll that crossed it) still lists the question, and must not ask it again.
   */
  private readonly answered = new Map<string, Map<string, number>>();

  constructor(private readonly settings: LegacyTasksSettings) {
    this.pageSize = settings.pageSize ?? 50;
  }

  /** `tools/call`: with `params.task`, a task for a task tool; without, the plain call (never for a required one). */
  readonly callTool = async (
    params: Record<string, unknown>,
    environment: RequestEnvironment,
  ): Promise<unknown> => {
    const { registry, dispatcher } = this.settings;
    if (!servesTasks(environment)) return dispatcher.callTool(params, environment);
    const tool = typeof params.name === 'string' ? registry.tools.get(params.name) : undefined;
    const { task: augmentation, ...call } = params;
    if (augmentation === undefined) {
      if (tool?.task === 'required')
        throw new McpProtocolError(
          JsonRpcErrorCode.MethodNotFound,
          `Tool ${tool.name} requires task-augmented execution: call it with params.task`,
        );
      return dispatcher.callTool(params, environment);
    }
    if (!isRecord(augmentation)) throw new InvalidParamsError('Invalid params: task must be an object');
    if (tool === undefined) return dispatcher.callTool(call, environment);
    if (tool.task === undefined)
      throw new McpProtocolError(
        JsonRpcErrorCode.MethodNotFound,
        `Tool ${tool.name} does not support task-augmented execution`,
      );
    const ttl = augmentation.ttl;
    if (ttl !== undefined && (typeof ttl !== 'number' || !Number.isSafeInteger(ttl) || ttl <= 0))
      throw new InvalidParamsError('Invalid params: task.ttl must be a positive integer');
    const connection = connectionOf(environment);
    const record = await this.settings.core.createTask(tool.name, call, environment, {
      owner: ownerOf(environment),
      ...(ttl !== undefined ? { ttlMs: ttl } : {}),
    });
    this.follow(record.id, connection);
    return legacyCreateTaskResult(record);
  };

  readonly get = async (
    params: Record<string, unknown>,
    environment: RequestEnvironment,
  ): Promise<Record<string, unknown>> => {
    const task = await this.ownTask(params, environment, 'tasks/get');
    // A client that polls and sees `input_required` is asked here, wherever the run took place.
    if (task.status === 'input_required') this.ask(connectionOf(environment), task);
    return legacyTask(task);
  };

  readonly list = async (
    params: Record<string, unknown>,
    environment: RequestEnvironment,
  ): Promise<Record<string, unknown>> => {
    if (!servesTasks(environment)) throw methodNotFound('tasks/list');
    const tasks = await this.settings.tasks.list(ownerOf(environment));
    let start = 0;
    if (params.cursor !== undefined) {
      const after = typeof params.cursor === 'string' ? decodeCursor(params.cursor) : undefined;
      const at = after === undefined ? -1 : tasks.findIndex((task) => task.id === after);
      if (at < 0) throw new InvalidParamsError('Invalid params: unknown cursor');
      start = at + 1;
    }
    const page = tasks.slice(start, start + this.pageSize);
    const result: Record<string, unknown> = { tasks: page.map(legacyTask) };
    if (start + this.pageSize < tasks.length) result.nextCursor = encodeCursor(page[page.length - 1]!.id);
    return result;
  };

  /** Moves the task to `cancelled` before answering, and stops its run wherever it is going on. */
  readonly cancel = async (
    params: Record<string, unknown>,
    environment: RequestEnvironment,
  ): Promise<Record<string, unknown>> => {
    const task = await this.ownTask(params, environment, 'tasks/cancel');
    let terminal = terminalStatusOf(task);
    const record = await this.settings.tasks.update(task.id, (current) => {
      terminal = terminalStatusOf(current);
      if (terminal !== undefined) return undefined;
      current.status = 'cancelled';
      current.statusMessage = 'The task was cancelled';
      current.cancelRequested = true;
      delete current.questions;
      delete current.answers;
      return current;
    });
    if (record === undefined) throw new InvalidParamsError(NOT_FOUND);
    if (terminal !== undefined)
      throw new InvalidParamsError(`Cannot cancel task: already in terminal status '${terminal}'`);
    this.settings.rounds.abortHere(task.id);
    return legacyTask(record);
  };

  /** Waits for the task to end, asking its questions on this request's stream meanwhile; then its payload. */
  readonly result = async (
    params: Record<string, unknown>,
    environment: RequestEnvironment,
  ): Promise<Record<string, unknown>> => {
    let task = await this.ownTask(params, environment, 'tasks/result');
    const connection = connectionOf(environment);
    const signal = environment.abort.signal;
    while (!isTerminal(task.status)) {
      if (task.status === 'input_required') this.ask(connection, task, environment.requestId);
      await this.nextChange(task, connection, environment.requestId, signal);
      if (signal.aborted) throw signal.reason;
      const current = await this.settings.tasks.get(task.id);
      if (current === undefined) throw new InvalidParamsError(NOT_FOUND);
      task = current;
    }
    return legacyTaskPayload(task);
  };

  /**
   * The task changed (a run settled, a cancel, an answer), here or on another replica: when a session here
   * follows it, a `tasks/result` wakes, the creator hears the status and is asked its questions. `record` is
   * the task as stored when the change was made here; one heard from another replica is read from the store.
   */
  readonly heardChange = (taskId: string, record?: TaskRecord): void => {
    if (!this.creators.has(taskId) && !this.waiting.has(taskId) && !this.asked.has(taskId)) return;
    if (record !== undefined) return this.changed(record);
    this.settings.tasks.get(taskId).then(
      (stored) => {
        if (stored !== undefined) this.changed(stored);
      },
      (error: unknown) => this.settings.logger.warn(`could not read task ${taskId}: ${String(error)}`),
    );
  };

  /** Wakes whoever waits on the task here, and tells the session that created it. */
  private changed(record: TaskRecord): void {
    const revision = record.revision ?? 0;
    if ((this.actedOn.get(record.id) ?? -1) >= revision) return;
    if (isTerminal(record.status)) {
      this.actedOn.delete(record.id);
      this.answered.delete(record.id);
    } else this.actedOn.set(record.id, revision);
    if (record.status !== 'input_required') this.withdraw(record.id);
    for (const waiter of this.waiting.get(record.id) ?? []) waiter.wake();
    const creator = this.creators.get(record.id);
    if (creator === undefined) return;
    const { connection } = creator;
    if (!connection.isOpen || isTerminal(record.status)) this.creators.delete(record.id);
    if (!connection.isOpen) return;
    connection
      .notify({ method: 'notifications/tasks/status', params: legacyTask(record) })
      .catch((error: unknown) => this.settings.logger.warn(`task status not sent: ${String(error)}`));
    if (record.status === 'input_required' && creator.named)
      this.ask(connection, record, this.resultStreamOf(record.id, connection));
  }

  /**
   * Remembers the session that created a task. Its questions wait for the client to name the task (its first
   * `tasks/get` or `tasks/result` asks them), however soon the run asks.
   */
  private follow(taskId: string, connection: LegacyConnection): void {
    if (this.creators.size >= 1000)
      for (const [id, creator] of this.creators) if (!creator.connection.isOpen) this.creators.delete(id);
    if (this.actedOn.size >= 1000)
      for (const id of this.actedOn.keys())
        if (!this.creators.has(id) && !this.waiting.has(id)) this.actedOn.delete(id);
    if (this.answered.size >= 1000)
      for (const id of this.answered.keys()) if (!this.creators.has(id)) this.answered.delete(id);
    this.creators.set(taskId, { connection, named: false });
  }

  /**
   * Sends each outstanding question not already waiting for its answer on this session, as a request tied to
   * the task; an answer is recorded like `tasks/update`'s, and the task resumes once none is left.
   */
  private ask(connection: LegacyConnection, task: TaskRecord, relatedTo?: JsonRpcId): void {
    // Outside a request, only a session that hears unrelated messages now can be asked; else a later poll asks.
    if (!connection.isOpen || (relatedTo === undefined && !connection.hearsUnrelated)) return;
    const timeoutMs = Math.max(1, task.createdAt + task.ttlMs - this.settings.clock.now());
    const revision = task.revision ?? 0;
    for (const [wireKey, question] of Object.entries(task.questions ?? {})) {
      if ((this.answered.get(task.id)?.get(wireKey) ?? -1) >= revision) continue;
      let asked = this.asked.get(task.id);
      if (asked?.some((entry) => entry.connection === connection && entry.wireKey === wireKey)) continue;
      if (asked === undefined) this.asked.set(task.id, (asked = []));
      const entry = { connection, wireKey, withdraw: new AbortController() };
      asked.push(entry);
      const { method, params = {} } = question.request;
      const meta = isRecord(params._meta) ? params._meta : {};
      connection.outbound
        .request<unknown>(
          method,
          Object.assign({}, params, { _meta: Object.assign({}, meta, relatedTaskMeta(task.id)) }),
          {
            timeoutMs,
            abort: abortWatchOf(entry.withdraw.signal),
            ...(relatedTo !== undefined ? { relatedTo } : {}),
          },
        )
        .then((answer) => {
          let answered = this.answered.get(task.id);
          if (answered === undefined) this.answered.set(task.id, (answered = new Map()));
          answered.set(wireKey, revision);
          return this.record(task.id, wireKey, answer);
        })
        .catch((error: unknown) => {
          if (!entry.withdraw.signal.aborted)
            this.settings.logger.warn(`task ${task.id}: question ${wireKey} got no answer: ${String(error)}`);
        })
        .finally(() => {
          const left = this.asked.get(task.id)?.filter((other) => other !== entry) ?? [];
          if (left.length) this.asked.set(task.id, left);
          else this.asked.delete(task.id);
        });
    }
  }

  /** The task no longer waits for answers: the client is told to drop the questions still open here. */
  private withdraw(taskId: string): void {
    const asked = this.asked.get(taskId);
    if (asked === undefined) return;
    this.asked.delete(taskId);
    for (const entry of asked) entry.withdraw.abort(new Error('The task no longer needs this answer'));
  }

  private async record(taskId: string, wireKey: string, answer: unknown): Promise<void> {
    const task = await this.settings.tasks.get(taskId);
    if (task === undefined) return;
    // The store announces the change; `heardChange` then wakes, tells and asks as for any other.
    await this.settings.core.answer(task, { [wireKey]: answer });
  }

  /** Resolves on the task's next change seen here, or after its poll interval (a run on another replica). */
  private nextChange(
    task: TaskRecord,
    connection: LegacyConnection,
    requestId: JsonRpcId,
    signal: AbortSignal,
  ): Promise<void> {
    return new Promise<void>((resolve) => {
      let waiters = this.waiting.get(task.id);
      if (waiters === undefined) this.waiting.set(task.id, (waiters = new Set()));
      const waiter = {
        connection,
        requestId,
        wake: () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', waiter.wake);
          waiters.delete(waiter);
          if (waiters.size === 0 && this.waiting.get(task.id) === waiters) this.waiting.delete(task.id);
          resolve();
        },
      };
      const timer = setTimeout(waiter.wake, task.pollIntervalMs);
      signal.addEventListener('abort', waiter.wake, { once: true });
      waiters.add(waiter);
    });
  }

  /** The `tasks/result` request of this session waiting on the task, whose stream its questions ride. */
  private resultStreamOf(taskId: string, connection: LegacyConnection): JsonRpcId | undefined {
    for (const waiter of this.waiting.get(taskId) ?? [])
      if (waiter.connection === connection) return waiter.requestId;
    return undefined;
  }

  /** The task, if it exists and belongs to the caller; the same "not found" otherwise. */
  private async ownTask(
    params: Record<string, unknown>,
    environment: RequestEnvironment,
    method: string,
  ): Promise<TaskRecord> {
    if (!servesTasks(environment)) throw methodNotFound(method);
    const id = params.taskId;
    if (typeof id !== 'string') throw new InvalidParamsError('Invalid params: taskId must be a string');
    const task = await this.settings.tasks.get(id);
    if (task === undefined || task.owner !== ownerOf(environment)) throw new InvalidParamsError(NOT_FOUND);
    const creator = this.creators.get(id);
    if (creator?.connection === connectionOf(environment)) creator.named = true;
    return task;
  }
}

function connectionOf(environment: RequestEnvironment): LegacyConnection {
  if (!(environment instanceof LegacyEnvironment)) throw new Error('2025-11-25 tasks need a legacy session');
  return environment.connection;
}

/** Tasks exist from 2025-11-25 on. */
function servesTasks(environment: RequestEnvironment): boolean {
  return environment.protocolVersion >= FIRST_TASKS_VERSION;
}

/**
 * A task belongs to the authenticated principal; without authentication, to the session that created it
 * (anonymous sessions must not see each other's tasks). The prefix keeps a session apart from any principal.
 */
function ownerOf(environment: RequestEnvironment): string {
  return principalOf(environment.authInfo) ?? `\u0000session:${connectionOf(environment).record.id}`;
}

/** The 2025-11-25 status, when terminal: a cancel of such a task is refused. */
function terminalStatusOf(record: TaskRecord): string | undefined {
  const status = legacyTask(record).status as TaskRecord['status'];
  return isTerminal(status) ? status : undefined;
}

function methodNotFound(method: string): McpProtocolError {
  return new McpProtocolError(JsonRpcErrorCode.MethodNotFound, `Method not found: ${method}`);
}

function encodeCursor(taskId: string): string {
  return Buffer.from(taskId, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): string | undefined {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  return id.length > 0 ? id : undefined;
}
