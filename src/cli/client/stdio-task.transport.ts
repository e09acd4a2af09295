import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { CliError } from '../shared/cli.error.js';
import type { TaskReply, TaskTransport } from './task-transport.types.js';

export interface StdioTaskTarget {
  command: string;
  args: string[];
  stderr: 'inherit' | 'ignore';
}

/**
 * Starts the server and exchanges newline-delimited JSON-RPC with it over its stdin and stdout (the SDK's
 * stdio transport). Replies are matched to requests by id; what else the server sends is not for the runner.
 */
export class StdioTaskTransport implements TaskTransport {
  private readonly transport: StdioClientTransport;
  private readonly waiting = new Map<unknown, (reply: TaskReply) => void>();
  private started: Promise<void> | undefined;
  private ended: Error | undefined;
  private lastError: Error | undefined;

  constructor(target: StdioTaskTarget) {
    this.transport = new StdioClientTransport({
      command: target.command,
      args: target.args,
      // A server the user starts by hand expects their environment, not the SDK's safe subset.
      env: Object.fromEntries(
        Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
      ),
      stderr: target.stderr,
    });
    this.transport.onmessage = (message) => this.received(message);
    // A line the server wrote that is not JSON-RPC (a stray log line) is reported but ends nothing; only
    // the end of the process fails what still waits, with the last such error as its reason.
    this.transport.onerror = (error) => {
      this.lastError = error;
    };
    this.transport.onclose = () => {
      const reason = this.lastError ? `: ${this.lastError.message}` : '';
      this.fail(new CliError(`The server closed its stdio before it answered${reason}`));
    };
  }

  async exchange(message: Record<string, unknown>): Promise<TaskReply> {
    await (this.started ??= this.transport.start());
    if (this.ended) throw this.ended;
    const reply = new Promise<TaskReply>((resolve) => this.waiting.set(message.id, resolve));
    await this.transport.send(message as JSONRPCMessage);
    const answered = await reply;
    if (answered.error === undefined && answered.result === undefined && this.ended) throw this.ended;
    return answered;
  }

  async close(): Promise<void> {
    if (this.started) await this.transport.close();
  }

  private received(message: JSONRPCMessage): void {
    const reply = message as { id?: unknown } & TaskReply;
    if (reply.id === undefined || (reply.result === undefined && reply.error === undefined)) return;
    const resolve = this.waiting.get(reply.id);
    this.waiting.delete(reply.id);
    resolve?.({
      ...(reply.result ? { result: reply.result } : {}),
      ...(reply.error ? { error: reply.error } : {}),
    });
  }

  /** Every request still waiting ends with `error`: the server is gone. */
  private fail(error: Error): void {
    this.ended ??= error;
    for (const resolve of this.waiting.values()) resolve({});
    this.waiting.clear();
  }
}
