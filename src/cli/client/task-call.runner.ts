import { CliError } from '../shared/cli.error.js';
import type { ElicitationAnswer } from './elicitation/elicitation-request.reader.js';
import type { TaskTransport } from './task-transport.types.js';

/** The protocol version the task runner speaks: the Tasks extension is a 2026-07-28 one. */
export const TASKS_PROTOCOL_VERSION = '2026-07-28';
const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
/** Polls no faster than this, whatever the task suggests. */
const MIN_POLL_MS = 100;
/** A call that keeps asking before its task exists gives up after this many rounds. */
const MAX_CALL_ROUNDS = 20;

export interface TaskCallSettings {
  /** HTTP, or a stdio server the runner's transport started. */
  transport: TaskTransport;
  clientVersion: string;
  /** Answers one `elicitation/create` the task asks. */
  answer: (params: unknown) => Promise<ElicitationAnswer>;
  /** Told of the task id once known, and of each change of status or status message. */
  onTask: (taskId: string) => void;
  onStatus: (status: string, message: string | undefined) => void;
  timeoutMs: number;
}

/** How a task ended. */
export interface TaskCallOutcome {
  taskId: string;
  status: 'completed' | 'failed' | 'cancelled';
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

type Json = Record<string, unknown>;

/**
 * Runs a tool as a task of the Tasks extension on a 2026-07-28 server, over HTTP or stdio: creates it (answering
 * what the call asks before the task exists, round by round) or picks up a task by id, polls `tasks/get` at
 * the interval the task suggests, asks its questions and answers them with `tasks/update`, until the task
 * ends. The requests are written by hand: the SDK client has no task methods.
 */
export class TaskCallRunner {
  private nextId = 1;

  constructor(private readonly settings: TaskCallSettings) {}

  async run(tool: string, args: Json, resumeTaskId: string | undefined): Promise<TaskCallOutcome> {
    let task = resumeTaskId === undefined ? await this.create(tool, args) : await this.get(resumeTaskId);
    const taskId = task.taskId as string;
    this.settings.onTask(taskId);
    const deadline = Date.now() + this.settings.timeoutMs;
    const answered = new Set<string>();
    let seen = '';
    for (;;) {
      const status = task.status as string;
      const message = typeof task.statusMessage === 'string' ? task.statusMessage : undefined;
      if (`${status}\n${message}` !== seen) this.settings.onStatus(status, message);
      seen = `${status}\n${message}`;
      if (status === 'completed') return { taskId, status, result: task.result as Json };
      if (status === 'failed')
        return { taskId, status, error: task.error as TaskCallOutcome['error'] & object };
      if (status === 'cancelled') return { taskId, status };
      if (status === 'input_required') await this.answer(taskId, task.inputRequests as Json, answered);
      if (Date.now() > deadline)
        throw new CliError(`Task ${taskId} did not end in time; resume it with --resume ${taskId}`);
      const pollMs = Math.max(
        MIN_POLL_MS,
        typeof task.pollIntervalMs === 'number' ? task.pollIntervalMs : 1000,
      );
      await new Promise((resolve) => setTimeout(resolve, pollMs));
      task = await this.get(taskId);
    }
  }

  private async create(tool: string, args: Json): Promise<Json> {
    let result = await this.request('tools/call', { name: tool, arguments: args }, tool);
    // A tool that decides per call may ask first: the call is retried with the answers until the task exists.
    for (let round = 1; result.resultType === 'input_required'; round++) {
      if (round > MAX_CALL_ROUNDS) throw new CliError(`${tool} kept asking for ${MAX_CALL_ROUNDS} rounds`);
      const inputResponses = await this.answerAll(tool, result.inputRequests as Json, new Set());
      const retry: Json = { name: tool, arguments: args, inputResponses };
      if (result.requestState !== undefined) retry.requestState = result.requestState;
      result = await this.request('tools/call', retry, tool);
    }
    if (result.resultType !== 'task')
      throw new CliError(`${tool} answered without a task: it does not run as a task on this server`);
    return result;
  }

  private get(taskId: string): Promise<Json> {
    return this.request('tasks/get', { taskId }, taskId);
  }

  /** Answers the questions not answered yet, one at a time, in one `tasks/update`. */
  private async answer(taskId: string, inputRequests: Json, answered: Set<string>): Promise<void> {
    const responses = await this.answerAll(`Task ${taskId}`, inputRequests, answered);
    if (Object.keys(responses).length)
      await this.request('tasks/update', { taskId, inputResponses: responses }, taskId);
  }

  private async answerAll(asker: string, inputRequests: Json, answered: Set<string>): Promise<Json> {
    const responses: Json = {};
    for (const [key, request] of Object.entries(inputRequests ?? {})) {
      if (answered.has(key)) continue;
      answered.add(key);
      const { method, params } = request as { method: string; params?: unknown };
      if (method !== 'elicitation/create')
        throw new CliError(`${asker} asks ${method}, which elicitor call cannot answer`);
      responses[key] = await this.settings.answer(params);
    }
    return responses;
  }

  private async request(method: string, params: Json, name: string): Promise<Json> {
    const { transport, clientVersion } = this.settings;
    const message = {
      jsonrpc: '2.0',
      id: this.nextId++,
      method,
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': TASKS_PROTOCOL_VERSION,
          'io.modelcontextprotocol/clientInfo': { name: 'elicitor', version: clientVersion },
          'io.modelcontextprotocol/clientCapabilities': {
            elicitation: { form: {}, url: {} },
            extensions: { [TASKS_EXTENSION]: {} },
          },
        },
      },
    };
    const body = await transport.exchange(message, method, name);
    if (body.error)
      throw new CliError(`${method} failed: ${body.error.message ?? JSON.stringify(body.error)}`);
    if (!body.result) throw new CliError(`${method} failed: the server answered without a result`);
    return body.result;
  }
}
