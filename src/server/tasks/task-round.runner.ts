import { RequestAbort } from '../../context/request-abort.js';
import type { OutboundNotification } from '../../context/request-environment.js';
import { McpProtocolError } from '../../errors/protocol.error.js';
import { ShuttingDownError } from '../../errors/shutting-down.error.js';
import { WorkInProgressError } from '../../errors/work-in-progress.error.js';
import { isSealedResult } from '../../mrtr/sealed-results.js';
import { isErrorResult } from '../../pipeline/error-result.js';
import type { Clock } from '../../shared/clock.js';
import type { ServerLogger } from '../../shared/server-logger.js';
import type { TaskStore } from '../../tasks/task.store.js';
import { isTerminal, type TaskJob, type TaskQuestion, type TaskRecord } from '../../tasks/task.types.js';
import type { CallDispatcher } from '../call-dispatcher.js';
import { toJsonRpcError } from '../error-mapping.js';
import { TaskEnvironment } from './task-environment.js';

export interface TaskRoundSettings {
  tasks: TaskStore;
  dispatcher: CallDispatcher;
  logger: ServerLogger;
  clock: Clock;
  /**
   * How often a run looks for a `tasks/cancel` that reached another replica. A change heard at once
   * ({@link TaskRoundRunner.heardChange}) makes it look sooner; this is what holds when nothing is heard.
   */
  cancelCheckMs: number;
}

type Outcome = (record: TaskRecord) => void;

/**
 * Runs one queued run of a task: its handler re-runs through the dispatcher like a `tools/call` round,
 * from the task's sealed state and the answers collected since, so `memo`, `once` and `onCommit` keep the
 * re-run model's exactly-once records. The round's outcome becomes the task's next status: questions
 * (`input_required`), a result (`completed`), a JSON-RPC error (`failed`), or `cancelled`.
 */
export class TaskRoundRunner {
  private readonly running = new Map<string, RequestAbort>();

  constructor(private readonly settings: TaskRoundSettings) {}

  /** Aborts the task's run if it is going on in this process. */
  abortHere(taskId: string): void {
    this.running.get(taskId)?.abort(new Error('The task was cancelled'));
  }

  /**
   * The task changed: a run of it here stops if it was cancelled. `record` is the task as stored when the
   * change was made here; a change heard from another replica is read from the store.
   */
  heardChange(taskId: string, record?: TaskRecord): void {
    const abort = this.running.get(taskId);
    if (abort === undefined || abort.aborted) return;
    if (record === undefined) void this.lookForCancel(taskId, abort);
    else if (record.cancelRequested) abort.abort(new Error('The task was cancelled'));
  }

  /**
   * Rejects only for what a later try may fix (a lease still held, a store error, an app shutting down):
   * the queue retries.
   */
  async run(job: TaskJob): Promise<void> {
    const { tasks, dispatcher, clock } = this.settings;
    const record = await tasks.get(job.taskId);
    if (!record || record.run !== job.run || record.status !== 'working') return;
    if (record.cancelRequested) return this.settle(job, cancelled);
    const abort = new RequestAbort();
    this.running.set(record.id, abort);
    const watch = setInterval(() => void this.lookForCancel(record.id, abort), this.settings.cancelCheckMs);
    watch.unref();
    const environment = new TaskEnvironment(
      record,
      abort,
      (notification) => this.notified(job, notification),
      clock.now(),
    );
    let outcome: Outcome;
    try {
      const params: Record<string, unknown> = {
        name: record.tool,
        arguments: record.arguments,
        requestState: record.requestState,
        inputResponses: record.answers ?? {},
      };
      if (record.traceMeta) params._meta = record.traceMeta;
      const result = await dispatcher.callTool(params, environment);
      // A handler stopped by the cancel answers with an error result: the task is cancelled. One that
      // finished its work anyway keeps its result.
      outcome = abort.aborted && isErrorResult(result) ? cancelled : outcomeOf(result);
    } catch (error) {
      // This app drains for close(): the run is not the task's failure, the queue tries it again.
      if (error instanceof WorkInProgressError || error instanceof ShuttingDownError) throw error;
      outcome = abort.aborted ? cancelled : this.failure(record, error);
    } finally {
      clearInterval(watch);
      this.running.delete(record.id);
    }
    await this.settle(job, outcome);
  }

  private failure(record: TaskRecord, error: unknown): Outcome {
    if (!(error instanceof McpProtocolError))
      this.settings.logger.error(`task ${record.id} (${record.tool}) failed`, error);
    const { error: body } = toJsonRpcError(error);
    return (task) => {
      task.status = 'failed';
      task.error = body;
      task.statusMessage = body.message;
    };
  }

  /**
   * Applies an outcome unless the task moved on meanwhile (another run, or a terminal status). The task
   * store announces the new status, so the 2025-11-25 sessions hear it and are asked its questions.
   */
  private async settle(job: TaskJob, outcome: Outcome): Promise<void> {
    await this.settings.tasks.update(job.taskId, (record) => {
      if (record.run !== job.run || isTerminal(record.status)) return undefined;
      outcome(record);
      if (record.cancelRequested && record.status === 'input_required') cancelled(record);
      return record;
    });
  }

  private async lookForCancel(taskId: string, abort: RequestAbort): Promise<void> {
    try {
      if ((await this.settings.tasks.get(taskId))?.cancelRequested)
        abort.abort(new Error('The task was cancelled'));
    } catch (error) {
      this.settings.logger.warn(`could not read task ${taskId} to look for a cancel: ${String(error)}`);
    }
  }

  /** Progress becomes the status message; a task sends no other notification. */
  private async notified(job: TaskJob, notification: OutboundNotification): Promise<void> {
    if (notification.method !== 'notifications/progress') return;
    const { progress, total, message } = notification.params ?? {};
    const text =
      typeof message === 'string'
        ? message
        : total === undefined
          ? `${String(progress)}`
          : `${String(progress)}/${String(total)}`;
    await this.settings.tasks.update(job.taskId, (record) => {
      if (record.run !== job.run || record.status !== 'working' || record.statusMessage === text)
        return undefined;
      record.statusMessage = text;
      return record;
    });
  }
}

function cancelled(record: TaskRecord): void {
  record.status = 'cancelled';
  record.statusMessage = 'The task was cancelled';
  delete record.questions;
  delete record.answers;
}

/** What a round's result makes of the task. */
function outcomeOf(result: unknown): Outcome {
  if (typeof result === 'object' && result !== null && isSealedResult(result)) {
    const { inputRequests, requestState } = result as {
      inputRequests: Record<string, TaskQuestion['request']>;
      requestState: string;
    };
    return (record) => {
      record.status = 'input_required';
      record.requestState = requestState;
      delete record.answers;
      record.questions = questionsUnderFreshKeys(record, inputRequests);
    };
  }
  // The result as the call would have answered it on 2026-07-28, where every result says it is final.
  const final = JSON.parse(JSON.stringify(result ?? {})) as Record<string, unknown>;
  final.resultType = 'complete';
  return (record) => {
    record.status = 'completed';
    record.result = final;
    delete record.statusMessage;
  };
}

/**
 * The wire key of a question is the handler's key the first time; a key asked again later in the task (an
 * answer that failed validation, a loop) gets a suffix, since a key names one request over a task's lifetime.
 */
function questionsUnderFreshKeys(
  record: TaskRecord,
  inputRequests: Record<string, TaskQuestion['request']>,
): Record<string, TaskQuestion> {
  const used = new Set(record.usedKeys ?? []);
  const questions: Record<string, TaskQuestion> = {};
  for (const [key, request] of Object.entries(inputRequests)) {
    let wireKey = key;
    for (let n = 2; used.has(wireKey); n++) wireKey = `${key}~${n}`;
    used.add(wireKey);
    questions[wireKey] = { key, request };
  }
  record.usedKeys = [...used];
  return questions;
}
