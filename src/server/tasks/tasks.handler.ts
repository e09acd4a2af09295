import type { ClientCapabilities } from '@modelcontextprotocol/server';
import { principalOf } from '../../context/principal.js';
import type { RequestEnvironment } from '../../context/request-environment.js';
import { HeaderMismatchError } from '../../errors/header-mismatch.error.js';
import { InvalidParamsError } from '../../errors/invalid-params.error.js';
import { validateClass } from '../../validation/class-instance.check.js';
import { validateStandardNow } from '../../validation/standard-schema.check.js';
import { MissingCapabilityError } from '../../errors/missing-capability.error.js';
import type { InputKind } from '../../mrtr/call-state.js';
import { digestOf } from '../../mrtr/digest.js';
import { isTaskStart } from '../../mrtr/task-start.js';
import { describeMalformedResponse } from '../../mrtr/input-response.check.js';
import type { RequestStateCodec } from '../../mrtr/request-state.codec.js';
import type { HandlerRegistry } from '../../registry/handler-registry.js';
import type { Clock } from '../../shared/clock.js';
import { isRecord } from '../../shared/is-record.js';
import { randomId } from '../../shared/random-pool.js';
import type { TaskQueue } from '../../tasks/task-queue.js';
import type { StateStore } from '../../mrtr/stores/state-store.js';
import type { TaskStore } from '../../tasks/task.store.js';
import { isTerminal, type TaskQuestion, type TaskRecord } from '../../tasks/task.types.js';
import type { CallDispatcher } from '../call-dispatcher.js';
import { decodeHeaderValue } from '../modern/header.check.js';
import type { CheckedMessage } from '../modern/envelope.js';
import type { ModernHeaders } from '../modern/modern-request.js';
import type { TaskRoundRunner } from './task-round.runner.js';
import { allowTaskStart } from './task-start-environment.factory.js';
import { createTaskResult, detailedTask } from './task-wire.formatter.js';
import { TASKS_EXTENSION } from './tasks-extension.constants.js';

export interface TasksHandlerSettings {
  tasks: TaskStore;
  queue: TaskQueue;
  rounds: TaskRoundRunner;
  registry: HandlerRegistry;
  dispatcher: CallDispatcher;
  codec: RequestStateCodec;
  /** Its generation is sealed into a new task's state, so a run after the store forgot is refused. */
  store: StateStore;
  clock: Clock;
  /** How long a task lives from its creation. */
  ttlMs: number;
  /** The polling interval suggested to clients. */
  pollIntervalMs: number;
}

const KIND_OF_METHOD: Readonly<Record<string, InputKind>> = {
  'elicitation/create': 'elicit',
  'sampling/createMessage': 'sample',
  'roots/list': 'roots',
};

/** The methods whose `Mcp-Name` header names the task. */
export const TASK_METHODS: ReadonlySet<string> = new Set(['tasks/get', 'tasks/update', 'tasks/cancel']);

/**
 * The Tasks extension on the 2026-07-28 wire: a `tools/call` of a task tool, from a client that declares the
 * extension, creates a durable task and answers `CreateTaskResult`; `tasks/get`, `tasks/update` and
 * `tasks/cancel` read, answer and cancel it. A task is only ever visible to the principal that created it:
 * to anyone else it does not exist.
 */
export class TasksHandler {
  constructor(private readonly settings: TasksHandlerSettings) {}

  /** `tools/call`: a task for a task tool when the client declares the extension, the plain call otherwise. */
  callTool(params: Record<string, unknown>, environment: RequestEnvironment): Promise<unknown> {
    const { registry, dispatcher } = this.settings;
    const tool = typeof params.name === 'string' ? registry.tools.get(params.name) : undefined;
    if (tool?.task === undefined) return dispatcher.callTool(params, environment);
    if (!declaresTasks(environment.clientCapabilities)) {
      if (tool.task === 'required') return Promise.reject(missingExtension());
      return dispatcher.callTool(params, environment);
    }
    if (tool.task === 'per-call') return this.callPerCall(tool.name, params, environment);
    return this.create(tool.name, params, environment);
  }

  /** A `per-call` tool runs in the call; it becomes a task where its handler calls `ctx.continueAsTask()`. */
  private async callPerCall(
    tool: string,
    params: Record<string, unknown>,
    environment: RequestEnvironment,
  ): Promise<unknown> {
    const result = await this.settings.dispatcher.callTool(
      params,
      allowTaskStart(environment, this.settings.ttlMs),
    );
    return isTaskStart(result) ? this.create(tool, params, environment, result.requestState) : result;
  }

  async get(
    params: Record<string, unknown>,
    environment: RequestEnvironment,
  ): Promise<Record<string, unknown>> {
    return detailedTask(await this.ownTask(params, environment));
  }

  async update(
    params: Record<string, unknown>,
    environment: RequestEnvironment,
  ): Promise<Record<string, unknown>> {
    const task = await this.ownTask(params, environment);
    const responses = params.inputResponses;
    if (!isRecord(responses))
      throw new InvalidParamsError('Invalid params: inputResponses must be an object');
    await this.answer(task, responses);
    return {};
  }

  /**
   * Records answers to a task's outstanding questions, by wire key, and queues its next run once none is
   * left. Keys not outstanding (never asked, answered already, or of an older request) are ignored. Resolves
   * to the task as stored when it moved back to `working`.
   */
  async answer(task: TaskRecord, responses: Record<string, unknown>): Promise<TaskRecord | undefined> {
    for (const [key, response] of Object.entries(responses)) {
      const question = outstanding(task.questions, key);
      if (question === undefined) continue;
      const kind = KIND_OF_METHOD[question.request.method] ?? 'elicit';
      const reason = describeMalformedResponse(kind, response);
      if (reason) throw new InvalidParamsError(`Invalid inputResponses: "${key}" ${reason}`);
    }
    let resumed: TaskRecord | undefined;
    await this.settings.tasks.update(task.id, (record) => {
      resumed = undefined;
      if (record.status !== 'input_required' || record.questions === undefined) return undefined;
      const answers = (record.answers ??= {});
      let changed = false;
      for (const [key, response] of Object.entries(responses)) {
        const question = outstanding(record.questions, key);
        if (question === undefined) continue;
        answers[question.key] = response;
        delete record.questions[key];
        changed = true;
      }
      if (!changed) return undefined;
      if (Object.keys(record.questions).length === 0) {
        delete record.questions;
        record.status = 'working';
        record.run += 1;
        resumed = record;
      }
      return record;
    });
    if (resumed) await this.settings.queue.enqueue({ taskId: resumed.id, run: resumed.run });
    return resumed;
  }

  async cancel(
    params: Record<string, unknown>,
    environment: RequestEnvironment,
  ): Promise<Record<string, unknown>> {
    const task = await this.ownTask(params, environment);
    await this.settings.tasks.update(task.id, (record) => {
      if (isTerminal(record.status) || record.cancelRequested) return undefined;
      if (record.status === 'input_required') {
        // Nothing runs while a task waits for answers: it is cancelled at once.
        record.status = 'cancelled';
        record.statusMessage = 'The task was cancelled';
        delete record.questions;
        delete record.answers;
      } else record.cancelRequested = true;
      return record;
    });
    this.settings.rounds.abortHere(task.id);
    return {};
  }

  /** On HTTP, `Mcp-Name` carries the task id, for routers that keep a task's requests together. */
  readonly checkHeaders = (headers: ModernHeaders, message: CheckedMessage): void => {
    if (!TASK_METHODS.has(message.method)) return;
    if (headers.name === undefined)
      throw new HeaderMismatchError('the Mcp-Name header is required for this method');
    if (decodeHeaderValue(headers.name) !== message.params.taskId)
      throw new HeaderMismatchError('the Mcp-Name header does not match params.taskId');
  };

  private async create(
    tool: string,
    params: Record<string, unknown>,
    environment: RequestEnvironment,
    startedState?: string,
  ): Promise<unknown> {
    return createTaskResult(
      await this.createTask(tool, params, environment, startedState === undefined ? {} : { startedState }),
    );
  }

  /** Arguments a run would refuse are refused now, as in a plain call, rather than by a task that fails later. */
  private async checkArguments(tool: string, args: Record<string, unknown>): Promise<void> {
    const definition = this.settings.registry.tools.get(tool);
    if (definition === undefined) return;
    const { argsClass, argsSchema } = definition;
    if (argsClass === undefined && argsSchema === undefined) return;
    const outcome = argsClass
      ? await validateClass(argsClass, args)
      : await validateStandardNow(argsSchema!, args, 'Invalid arguments');
    if (!outcome.ok) throw new InvalidParamsError(outcome.message, { issues: outcome.issues });
  }

  /**
   * Stores a new task for a call and queues its first run; resolves once both are durable. `owner` defaults
   * to the caller's principal, `ttlMs` to the configured lifetime (a shorter one may be asked for).
   */
  async createTask(
    tool: string,
    params: Record<string, unknown>,
    environment: RequestEnvironment,
    overrides: { owner?: string | null; ttlMs?: number; startedState?: string } = {},
  ): Promise<TaskRecord> {
    const { codec, clock, pollIntervalMs } = this.settings;
    const ttlMs = Math.min(overrides.ttlMs ?? this.settings.ttlMs, this.settings.ttlMs);
    const args = isRecord(params.arguments) ? params.arguments : {};
    const owner =
      overrides.owner !== undefined ? overrides.owner : (principalOf(environment.authInfo) ?? null);
    if (overrides.startedState === undefined) await this.checkArguments(tool, args);
    const now = clock.now();
    // The call's id is fixed before the first run, so a run taken over after a crash keeps its `once` records.
    // A call that became a task on its way carries what it settled in its own state.
    const generation =
      overrides.startedState === undefined ? await this.settings.store.generation?.() : undefined;
    const requestState =
      overrides.startedState ??
      codec.seal(
        generation === undefined ? { c: randomId(), r: 0 } : { c: randomId(), r: 0, g: generation },
        {
          method: 'tools/call',
          target: tool,
          argsDigest: digestOf(args),
          principal: principalOf(environment.authInfo),
        },
        ttlMs,
      );
    const record: TaskRecord = {
      id: randomId(16),
      owner,
      tool,
      arguments: args,
      status: 'working',
      createdAt: now,
      lastUpdatedAt: now,
      ttlMs,
      pollIntervalMs,
      requestState,
      run: 1,
      protocolVersion: environment.protocolVersion,
      clientCapabilities: { ...(environment.clientCapabilities ?? {}) },
    };
    const auth = environment.authInfo;
    if (auth) {
      const { token: _token, resource: _resource, ...kept } = auth;
      record.auth = kept;
    }
    const traceMeta = traceMetaOf(params._meta);
    if (traceMeta) record.traceMeta = traceMeta;
    await this.settings.tasks.create(record);
    await this.settings.queue.enqueue({ taskId: record.id, run: record.run });
    return record;
  }

  /** The task, if it exists and belongs to the caller; the same "not found" otherwise. */
  private async ownTask(
    params: Record<string, unknown>,
    environment: RequestEnvironment,
  ): Promise<TaskRecord> {
    if (!declaresTasks(environment.clientCapabilities)) throw missingExtension();
    const id = params.taskId;
    if (typeof id !== 'string') throw new InvalidParamsError('Invalid params: taskId must be a string');
    const task = await this.settings.tasks.get(id);
    if (task === undefined || task.owner !== (principalOf(environment.authInfo) ?? null))
      throw new InvalidParamsError('Failed to retrieve task: Task not found');
    return task;
  }
}

/** The W3C trace context the creating request carried in `_meta`, if any. */
function traceMetaOf(meta: unknown): Record<string, string> | undefined {
  if (!isRecord(meta)) return undefined;
  const kept: Record<string, string> = {};
  for (const name of ['traceparent', 'tracestate'])
    if (typeof meta[name] === 'string') kept[name] = meta[name];
  return Object.keys(kept).length ? kept : undefined;
}

export function declaresTasks(capabilities: ClientCapabilities | undefined): boolean {
  const extensions = (capabilities as { extensions?: unknown } | undefined)?.extensions;
  return isRecord(extensions) && isRecord(extensions[TASKS_EXTENSION]);
}

export function missingExtension(): MissingCapabilityError {
  return new MissingCapabilityError({ extensions: { [TASKS_EXTENSION]: {} } } as ClientCapabilities);
}

/** The question still waiting under a wire key: only the record's own keys, never one its prototype has. */
function outstanding(
  questions: Record<string, TaskQuestion> | undefined,
  key: string,
): TaskQuestion | undefined {
  return questions !== undefined && Object.hasOwn(questions, key) ? questions[key] : undefined;
}
