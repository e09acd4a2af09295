import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { RequestAbort } from '../context/request-abort.js';
import { JsonRpcErrorCode } from '../errors/json-rpc-error-codes.js';
import type { ServerLogger } from '../shared/server-logger.js';
import type { ModernProtocolHandler } from '../server/modern/modern-protocol.handler.js';
import type { LegacyProtocolHandler } from '../server/legacy/legacy-protocol.handler.js';
import { isRecord } from '../shared/is-record.js';
import { invalidLegacyMessageReply, invalidRequestLine } from './legacy/legacy-message.check.js';
import { LegacyStdioSession } from './legacy/legacy-stdio-session.js';

export interface StdioDependencies {
  modern: ModernProtocolHandler;
  legacy: LegacyProtocolHandler;
  logger: ServerLogger;
}

/** The streams a stdio server reads lines from and writes lines to (the process's own by default). */
export interface StdioStreams {
  input: Readable;
  output: Writable;
}

/**
 * Newline-delimited JSON-RPC on a pair of streams. The first request or notification picks the era for
 * the whole connection: `initialize` makes it a legacy session (push model), anything else is modern. A
 * line that is no JSON gets -32700, and a JSON value that is no request object -32600, both with a null
 * id, and the connection goes on.
 */
export class StdioTransport {
  private legacy: LegacyStdioSession | undefined;
  private era: 'modern' | 'legacy' | undefined;
  private readonly inFlight = new Map<string | number, RequestAbort>();
  private closedResolve!: () => void;
  readonly closed = new Promise<void>((resolve) => (this.closedResolve = resolve));

  constructor(
    private readonly dependencies: StdioDependencies,
    private readonly streams: StdioStreams,
  ) {}

  start(): void {
    const lines = createInterface({ input: this.streams.input, crlfDelay: Infinity });
    lines.on('line', (line) => this.receive(line));
    lines.on('close', () => void this.close());
  }

  async close(): Promise<void> {
    for (const abort of this.inFlight.values()) abort.abort(new Error('The connection closed'));
    this.inFlight.clear();
    this.legacy?.close();
    this.closedResolve();
  }

  private writeLine(line: string): void {
    this.streams.output.write(`${line}\n`);
  }

  private receive(line: string): void {
    if (!line.trim()) return;
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      this.writeLine(
        JSON.stringify({
          jsonrpc: '2.0',
          id: null,
          error: { code: JsonRpcErrorCode.ParseError, message: 'Parse error' },
        }),
      );
      return;
    }
    // null, a number, a string, a boolean or an array (batches are gone from MCP) is no message on either era.
    if (!isRecord(message)) {
      this.writeLine(invalidRequestLine(null));
      return;
    }
    // Only a request or notification picks the era: a stray response or a shapeless object does not.
    if (this.era === undefined) {
      if (message.jsonrpc !== '2.0' || typeof message.method !== 'string') {
        this.writeLine(invalidRequestLine(null));
        return;
      }
      this.era = message.method === 'initialize' ? 'legacy' : 'modern';
    }
    if (this.era === 'legacy') this.deliverLegacy(message);
    else
      this.serveModern(message).catch((error: unknown) =>
        this.dependencies.logger.error('stdio request failed', error),
      );
  }

  private deliverLegacy(message: unknown): void {
    const refusal = invalidLegacyMessageReply(message);
    if (refusal) {
      this.writeLine(refusal);
      return;
    }
    this.legacy ??= new LegacyStdioSession(this.dependencies.legacy, (line) => this.writeLine(line));
    this.legacy.receive(message);
  }

  private async serveModern(message: Record<string, unknown>): Promise<void> {
    // With an id it is a request (of an unknown method), answered like any other.
    if (message.method === 'notifications/cancelled' && message.id === undefined) {
      const target = isRecord(message.params) ? message.params.requestId : undefined;
      if (typeof target === 'string' || typeof target === 'number')
        this.inFlight.get(target)?.abort(new Error('Cancelled'));
      return;
    }
    const id = typeof message.id === 'string' || typeof message.id === 'number' ? message.id : undefined;
    const abort = new RequestAbort();
    if (id !== undefined) this.inFlight.set(id, abort);
    try {
      const reply = await this.dependencies.modern.handle({
        message,
        headers: undefined,
        abort,
        notify: async (notification) => {
          if (!abort.aborted) this.writeLine(JSON.stringify({ jsonrpc: '2.0', ...notification }));
        },
      });
      if (!abort.aborted) {
        if (reply.json !== undefined) this.writeLine(reply.json);
        else if (reply.body) this.writeLine(JSON.stringify(reply.body));
      }
    } catch (error) {
      this.dependencies.logger.error('stdio request failed', error);
    } finally {
      if (id !== undefined) this.inFlight.delete(id);
    }
  }
}
