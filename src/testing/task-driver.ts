import { answerFor, type AnswerScript, type InputRequestView } from './answer-script.js';
import type { JsonRpcErrorView } from './call-transcript.js';
import { TASKS_EXTENSION } from '../server/tasks/tasks-extension.constants.js';

/** Sends one modern request with the given capabilities; the test client's `request`. */
type Requester = (
  method: string,
  params: Record<string, unknown>,
  capabilities: Record<string, unknown>,
) => Promise<{ status: number; body: Record<string, unknown> }>;

/** How `TestClient.runTask` drives a task: the scripted answers, the capabilities, polling, and when to cancel. */
export interface TaskCallOptions {
  answers?: AnswerScript;
  /** This request's client capabilities besides the Tasks extension (default: form and URL elicitation). */
  capabilities?: Record<string, unknown>;
  /** Wait between polls, in real ms, whatever the task suggests. Default 5. */
  pollMs?: number;
  /** Gives up after this many real ms. Default 10 s. */
  timeoutMs?: number;
  /** Sends `tasks/cancel` at the first poll that satisfies it. */
  cancelWhen?: (task: Record<string, unknown>) => boolean;
}

/** What became of a tool call run as a task. */
export interface TaskRun {
  /** Undefined when the call answered without a task (a result or an error). */
  taskId: string | undefined;
  /** The terminal status, or `error` when the call itself failed. */
  status: 'completed' | 'failed' | 'cancelled' | 'error';
  /** The completed task's result, or the call's own result when no task was made. */
  result: Record<string, unknown> | undefined;
  /** The failed task's error, or the call's JSON-RPC error. */
  error: JsonRpcErrorView | undefined;
  /** Every status the polls saw, each change once, from the created task on. */
  statuses: string[];
  /** Status messages seen, each change once (progress, while working). */
  statusMessages: string[];
  /**
   * Every question asked, in the call before a task existed (a `per-call` tool's questions above
   * `ctx.continueAsTask()`) and then by the task; `round` counts the input_required phases of both.
   */
  inputRequests: InputRequestView[];
  /** The keys of the questions the call asked before the task existed, answered by retrying the call. */
  askedBeforeTask: string[];
  /** The text of the result's text content blocks. */
  text: string;
}

/**
 * Drives a tool call as a task on the 2026-07-28 wire: creates it with the Tasks extension declared, polls
 * `tasks/get`, answers its questions from the script with `tasks/update` (a question asked again later under
 * `key~2` takes the script's next answer for `key`), until it ends.
 */
export async function driveTask(
  request: Requester,
  name: string,
  args: Record<string, unknown>,
  options: TaskCallOptions,
): Promise<TaskRun> {
  const capabilities = {
    elicitation: { form: {}, url: {} },
    ...options.capabilities,
    extensions: { ...(options.capabilities?.extensions as object | undefined), [TASKS_EXTENSION]: {} },
  };
  const run: TaskRun = {
    taskId: undefined,
    status: 'error',
    result: undefined,
    error: undefined,
    statuses: [],
    statusMessages: [],
    inputRequests: [],
    askedBeforeTask: [],
    text: '',
  };
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  const asked = new Map<string, number>();
  let phase = 0;
  let created = await request('tools/call', { name, arguments: args }, capabilities);
  // Questions before the task exists are settled in the call: answered, and the call sent again.
  while (isInputRequired(created.body.result)) {
    if (Date.now() > deadline) throw new Error(`the call to ${name} did not end within the timeout`);
    const { inputRequests, requestState } = created.body.result;
    const responses = answersFor({ inputRequests }, options.answers ?? {}, asked, new Set(), ++phase, run);
    run.askedBeforeTask.push(...Object.keys(responses));
    const retry: Record<string, unknown> = { name, arguments: args, inputResponses: responses };
    if (requestState !== undefined) retry.requestState = requestState;
    created = await request('tools/call', retry, capabilities);
  }
  if (created.body.error) return { ...run, error: created.body.error as JsonRpcErrorView };
  let task = created.body.result as Record<string, unknown>;
  if (task.resultType !== 'task') return finished(run, 'completed', task);
  run.taskId = task.taskId as string;
  const answered = new Set<string>();
  let cancelSent = false;
  for (;;) {
    note(run, task);
    const status = task.status as string;
    if (status === 'completed') return finished(run, 'completed', task.result as Record<string, unknown>);
    if (status === 'failed') return { ...run, status: 'failed', error: task.error as JsonRpcErrorView };
    if (status === 'cancelled') return { ...run, status: 'cancelled' };
    if (!cancelSent && options.cancelWhen?.(task)) {
      cancelSent = true;
      await request('tasks/cancel', { taskId: run.taskId }, capabilities);
    } else if (status === 'input_required') {
      const responses = answersFor(task, options.answers ?? {}, asked, answered, ++phase, run);
      if (Object.keys(responses).length) {
        await request('tasks/update', { taskId: run.taskId, inputResponses: responses }, capabilities);
      }
    }
    if (Date.now() > deadline) throw new Error(`task ${run.taskId} did not end within the timeout`);
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 5));
    const polled = await request('tasks/get', { taskId: run.taskId }, capabilities);
    if (polled.body.error) return { ...run, error: polled.body.error as JsonRpcErrorView };
    task = polled.body.result as Record<string, unknown>;
  }
}

function isInputRequired(
  result: unknown,
): result is { inputRequests: Record<string, unknown>; requestState?: string } {
  return (result as { resultType?: unknown } | undefined)?.resultType === 'input_required';
}

function note(run: TaskRun, task: Record<string, unknown>): void {
  if (run.statuses.at(-1) !== task.status) run.statuses.push(task.status as string);
  const message = task.statusMessage;
  if (typeof message === 'string' && run.statusMessages.at(-1) !== message) run.statusMessages.push(message);
}

function answersFor(
  task: Record<string, unknown>,
  script: AnswerScript,
  asked: Map<string, number>,
  answered: Set<string>,
  phase: number,
  run: TaskRun,
): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  const requests = (task.inputRequests ?? {}) as Record<
    string,
    { method: string; params?: Record<string, unknown> }
  >;
  for (const [key, question] of Object.entries(requests)) {
    if (answered.has(key)) continue;
    answered.add(key);
    const view: InputRequestView = {
      key,
      method: question.method,
      params: question.params ?? {},
      round: phase,
    };
    run.inputRequests.push(view);
    const answer = answerFor(script, { ...view, key: key.replace(/~\d+$/, '') }, asked);
    if (answer === undefined) throw new Error(`The answer script has no answer for "${key}"`);
    responses[key] = answer;
  }
  return responses;
}

function finished(run: TaskRun, status: 'completed', result: Record<string, unknown>): TaskRun {
  const content = Array.isArray(result.content)
    ? (result.content as Array<{ type?: string; text?: string }>)
    : [];
  const text = content
    .filter((block) => block.type === 'text')
    .map((block) => block.text)
    .join('\n');
  return { ...run, status, result, text };
}
