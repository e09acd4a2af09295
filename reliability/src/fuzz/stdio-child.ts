import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { isJsonRpcText } from './json-rpc.reply.js';

/** One reply line as the fuzzer files it: its id (null when the server could not tell) and its error code. */
export interface StdioReply {
  id: unknown;
  /** The JSON-RPC error code, or `result` for a success. */
  outcome: string;
}

/**
 * A stdio server in a child process, as a client sees it: lines written to stdin (newlines and carriage
 * returns inside a line flattened, so one write is one line), each stdout line parsed and handed on.
 */
export class StdioChild {
  crashed = false;
  private closing = false;
  private buffered = '';
  private readonly waiters = new Map<string, (reply: StdioReply) => void>();

  private constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    onReply: (reply: StdioReply) => void,
    onNotJsonRpc: (line: string) => void,
  ) {
    child.on('exit', () => {
      if (!this.closing) this.crashed = true;
    });
    child.stdin.on('error', () => {});
    child.stderr.resume();
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      this.buffered += chunk;
      for (let newline = this.buffered.indexOf('\n'); newline >= 0; newline = this.buffered.indexOf('\n')) {
        const line = this.buffered.slice(0, newline);
        this.buffered = this.buffered.slice(newline + 1);
        if (!isJsonRpcText(line)) {
          onNotJsonRpc(line);
          continue;
        }
        for (const reply of repliesIn(line)) {
          onReply(reply);
          if (typeof reply.id !== 'string') continue;
          this.waiters.get(reply.id)?.(reply);
          this.waiters.delete(reply.id);
        }
      }
    });
  }

  static spawn(
    script: string,
    onReply: (reply: StdioReply) => void,
    onNotJsonRpc: (line: string) => void,
  ): StdioChild {
    const child = spawn(process.execPath, [script, '--stdio'], { stdio: 'pipe' });
    return new StdioChild(child, onReply, onNotJsonRpc);
  }

  /** The line exactly as the server reads it: newlines and carriage returns would split it. */
  static asOneLine(body: string | Buffer): Buffer {
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    return Buffer.from(bytes.map((byte) => (byte === 0x0a || byte === 0x0d ? 0x20 : byte)));
  }

  write(body: string | Buffer): Promise<void> {
    return new Promise<void>((resolve) => {
      const { stdin } = this.child;
      if (this.crashed || stdin.destroyed) return resolve();
      if (stdin.write(Buffer.concat([StdioChild.asOneLine(body), Buffer.from('\n')]))) return resolve();
      // A dead process drains nothing: its closed stdin ends the wait.
      const done = () => {
        stdin.off('drain', done);
        stdin.off('close', done);
        resolve();
      };
      stdin.once('drain', done);
      stdin.once('close', done);
    });
  }

  /** Writes `request` and waits for the reply with its id; undefined after `timeoutMs`. */
  ask(request: { id: string }, timeoutMs: number): Promise<StdioReply | undefined> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(undefined), timeoutMs);
      this.waiters.set(request.id, (reply) => {
        clearTimeout(timer);
        resolve(reply);
      });
      void this.write(JSON.stringify(request));
    });
  }

  /** Ends stdin, as a client that is done does, and returns the exit code. */
  async end(): Promise<number | null> {
    this.closing = true;
    this.child.stdin.end();
    if (this.child.exitCode !== null) return this.child.exitCode;
    return new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }
}

function repliesIn(line: string): StdioReply[] {
  const parsed = JSON.parse(line) as unknown;
  const messages = (Array.isArray(parsed) ? parsed : [parsed]) as Array<Record<string, unknown>>;
  // Requests and notifications the server sends (progress, logs) are not replies.
  return messages
    .filter((message) => typeof message.method !== 'string')
    .map((message) => {
      const error = message.error as { code?: unknown } | undefined;
      return { id: message.id, outcome: error === undefined ? 'result' : String(error.code) };
    });
}
