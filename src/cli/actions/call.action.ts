import { readAnswersFile } from '../client/elicitation/answers-file.reader.js';
import { formatElicitationTranscript } from '../client/elicitation/elicitation-transcript.formatter.js';
import {
  parseElicitationRequest,
  type ElicitationAnswer,
  type ElicitationResponder,
} from '../client/elicitation/elicitation-request.reader.js';
import { InteractiveResponder } from '../client/elicitation/interactive-responder.js';
import type { PromptKit } from '../client/elicitation/prompt-kit.adapter.js';
import { ScriptedResponder } from '../client/elicitation/scripted-responder.js';
import { UnattendedResponder } from '../client/elicitation/unattended-responder.js';
import { parseHeaders, parseToolArguments } from '../client/cli-option.reader.js';
import type { EraPreference } from '../client/era-preference.types.js';
import { parseServerTarget } from '../client/server-target.reader.js';
import { runWithSession } from '../client/session.runner.js';
import { formatServerLine } from '../client/tool-list.formatter.js';
import { formatToolResult } from '../client/tool-result.formatter.js';
import { HttpTaskTransport } from '../client/http-task.transport.js';
import { StdioTaskTransport } from '../client/stdio-task.transport.js';
import { TaskCallRunner, TASKS_PROTOCOL_VERSION } from '../client/task-call.runner.js';
import type { TaskTransport } from '../client/task-transport.types.js';
import { CliError } from '../shared/cli.error.js';
import type { CliOutput } from '../shared/cli-output.js';
import { SerialQueue } from '../shared/serial-queue.js';
import type { Spinner } from '../shared/terminal-spinner.js';

export interface CallActionOptions {
  server: string;
  tool: string;
  /** JSON object text. */
  args?: string;
  /** Path of an answers file; without it the terminal is asked. */
  answers?: string;
  era: EraPreference;
  /** Seconds the whole call (all rounds, user included) may take. */
  timeout: number;
  header: string[];
  /** Print the raw CallToolResult as JSON (the transcript then goes to stderr). */
  json: boolean;
  /** Run the tool as a task (the Tasks extension, 2026-07-28, over HTTP or stdio). */
  task?: boolean;
  /** Pick up the task with this id instead of calling the tool. */
  resume?: string;
}

export interface CallActionContext {
  output: CliOutput;
  spinner: Spinner;
  /** Created only when a question needs the terminal. */
  prompts: () => PromptKit;
  interactive: boolean;
  clientVersion: string;
  serverStderr?: 'inherit' | 'ignore';
}

/** `elicitor call`: one tool call, answering every elicitation on the way, then the result. Returns the exit code. */
export class CallAction {
  constructor(private readonly context: CallActionContext) {}

  async handle(options: CallActionOptions): Promise<number> {
    const { output, spinner } = this.context;
    const target = parseServerTarget(options.server);
    const args = parseToolArguments(options.args);
    const headers = parseHeaders(options.header);
    const answer = this.questionAnswerer(options);
    if (options.task === true || options.resume !== undefined) {
      const transport =
        target.kind === 'http'
          ? new HttpTaskTransport(target.url, headers, TASKS_PROTOCOL_VERSION)
          : new StdioTaskTransport({ ...target, stderr: this.context.serverStderr ?? 'inherit' });
      try {
        return await this.runTask(options, transport, args, answer);
      } finally {
        await transport.close();
      }
    }

    const session = {
      target,
      era: options.era,
      clientVersion: this.context.clientVersion,
      headers,
      ...(this.context.serverStderr !== undefined ? { serverStderr: this.context.serverStderr } : {}),
      onElicitation: answer,
    };
    return runWithSession(
      spinner,
      options.server,
      session,
      `Calling ${options.tool} failed`,
      async (session) => {
        output.err(`Connected to ${formatServerLine(session.summary)}`);

        const tools = await session.listTools();
        if (!tools.some((tool) => tool.name === options.tool)) {
          const names = tools.map((tool) => tool.name).join(', ') || 'none';
          throw new CliError(`The server has no tool "${options.tool}". Its tools: ${names}`);
        }
        spinner.start(`Calling ${options.tool}`);
        const result = await session.callTool(options.tool, args, options.timeout * 1000);
        spinner.stop();

        if (options.json) output.out(JSON.stringify(result, null, 2));
        else for (const line of formatToolResult(result, output.style)) output.out(line);
        return result.isError ? 1 : 0;
      },
    );
  }

  /** The tool as a task: its id first (to resume it later), its status as it changes, then its result. */
  private async runTask(
    options: CallActionOptions,
    transport: TaskTransport,
    args: Record<string, unknown>,
    answer: (params: unknown) => Promise<ElicitationAnswer>,
  ): Promise<number> {
    const { output, spinner } = this.context;
    const runner = new TaskCallRunner({
      transport,
      clientVersion: this.context.clientVersion,
      answer,
      timeoutMs: options.timeout * 1000,
      onTask: (taskId) => output.err(`Task ${taskId} (resume with --resume ${taskId})`),
      onStatus: (status, message) => spinner.start(message === undefined ? status : `${status}: ${message}`),
    });
    try {
      const outcome = await runner.run(options.tool, args, options.resume);
      spinner.stop();
      if (outcome.status === 'cancelled') {
        output.err(`Task ${outcome.taskId} was cancelled`);
        return 1;
      }
      if (outcome.status === 'failed')
        throw new CliError(`Task ${outcome.taskId} failed: ${outcome.error?.message ?? 'no error given'}`);
      const result = outcome.result as unknown as Parameters<typeof formatToolResult>[0];
      if (options.json) output.out(JSON.stringify(result, null, 2));
      else for (const line of formatToolResult(result, output.style)) output.out(line);
      return result.isError ? 1 : 0;
    } finally {
      spinner.stop();
    }
  }

  /**
   * The `elicitation/create` handler: one question at a time (the SDK may hand over a
   * whole round at once), each answered, then recorded in the transcript.
   */
  private questionAnswerer(options: CallActionOptions): (params: unknown) => Promise<ElicitationAnswer> {
    const { output, spinner } = this.context;
    const responder = this.createResponder(options);
    const transcript = options.json ? output.err.bind(output) : output.out.bind(output);
    const questions = new SerialQueue();
    let asked = 0;
    return (params) =>
      questions.run(async () => {
        spinner.stop();
        const index = ++asked;
        const request = parseElicitationRequest(params);
        const reply = await responder.respond(request, index);
        for (const line of formatElicitationTranscript(index, request, reply, output.style)) transcript(line);
        // The spinner comes back only when no other question of the round is waiting.
        if (questions.size === 1) spinner.start(`Waiting for ${options.tool}`);
        return reply.answer;
      });
  }

  private createResponder(options: CallActionOptions): ElicitationResponder {
    if (options.answers) return new ScriptedResponder(readAnswersFile(options.answers));
    if (this.context.interactive)
      return new InteractiveResponder(this.context.prompts(), this.context.output);
    return new UnattendedResponder();
  }
}
