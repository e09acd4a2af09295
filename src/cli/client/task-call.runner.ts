import { CliError } from '../shared/cli.error.js';
import type { ElicitationAnswer } from './elicitation/elicitation-request.reader.js';

const VERSION = '2026-07-28';
const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
/** Polls no faster than this, whatever the task suggests. */
const MIN_POLL_MS = 100;

export interface TaskCallSettings {
  url: URL;
  headers: Record<string, string>;
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
 * Runs a tool as a task of the Tasks extension on a 2026-07-28 server over HTTP: creates it (or picks up a
 * task by id), polls `tasks/get` at the interval the task suggests, asks its questions and answers them with
 * `tasks/update`, until the task ends. The requests are written by hand: the SDK client has no task methods.
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
    const result = await this.request('tools/call', { name: tool, arguments: args }, tool);
    if (result.resultType !== 'task')
      throw new CliError(`${tool} answered without a task: it does not run as a task on this server`);
    return result;
  }

  private get(taskId: string): Promise<Json> {
    return this.request('tasks/get', { taskId }, taskId);
  }

  /** Answers the questions not answered yet, one at a time, in one `tasks/update`. */
  private async answer(taskId: string, inputRequests: Json, answered: Set<string>): Promise<void> {
    const responses: Json = {};
    for (const [key, request] of Object.entries(inputRequests ?? {})) {
      if (answered.has(key)) continue;
      answered.add(key);
      const { method, params } = request as { method: string; params?: unknown };
      if (method !== 'elicitation/create')
        throw new CliError(`Task ${taskId} asks ${method}, which elicitor call cannot answer`);
      responses[key] = await this.settings.answer(params);
    }
    if (Object.keys(responses).length)
      await this.request('tasks/update', { taskId, inputResponses: responses }, taskId);
  }

  private async request(method: string, params: Json, name: string): Promise<Json> {
    const { url, headers, clientVersion } = this.settings;
    const message = {
      jsonrpc: '2.0',
      id: this.nextId++,
      method,
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': VERSION,
          'io.modelcontextprotocol/clientInfo': { name: 'elicitor', version: clientVersion },
          'io.modelcontextprotocol/clientCapabilities': {
            elicitation: { form: {}, url: {} },
            extensions: { [TASKS_EXTENSION]: {} },
          },
        },
      },
    };
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': VERSION,
        'mcp-method': method,
        'mcp-name': name,
      },
      body: JSON.stringify(message),
    });
    const text = await response.text();
    const body = (
      response.headers.get('content-type')?.includes('text/event-stream') ? lastEvent(text) : parse(text)
    ) as {
      result?: Json;
      error?: { message?: string };
    };
    if (body.error)
      throw new CliError(`${method} failed: ${body.error.message ?? JSON.stringify(body.error)}`);
    if (!body.result) throw new CliError(`${method} failed: HTTP ${response.status} without a result`);
    return body.result;
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new CliError(`The server did not answer with JSON: ${text.slice(0, 200)}`);
  }
}

function lastEvent(text: string): unknown {
  const data = text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => line.slice(6));
  return parse(data.at(-1) ?? '');
}
