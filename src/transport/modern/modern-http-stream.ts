import type { ServerResponse } from 'node:http';
import { KEEP_ALIVE_MS } from '../http/sse-keep-alive.constants.js';

/**
 * The request-scoped SSE response of one modern POST: opened by the first message, then every JSON-RPC
 * message is one `message` event. Long-lived streams (`subscriptions/listen`) stay open with keep-alive
 * comments until the handler finishes or the client disconnects.
 */
export class ModernSseStream {
  private keepAlive: NodeJS.Timeout | undefined;

  constructor(
    private readonly response: ServerResponse,
    private readonly keepAliveMs = KEEP_ALIVE_MS,
  ) {
    response.once('close', () => this.stopKeepAlive());
  }

  get started(): boolean {
    return this.response.headersSent;
  }

  get writable(): boolean {
    return !this.response.writableEnded && !this.response.destroyed;
  }

  send(message: Record<string, unknown>): void {
    if (!this.writable) return;
    if (!this.started) this.start();
    this.response.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
  }

  /** Sends the final message (the response), if any, and closes the stream. */
  end(message?: Record<string, unknown>): void {
    this.stopKeepAlive();
    if (!this.writable) return;
    if (message) this.send(message);
    this.response.end();
  }

  private start(): void {
    this.response.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    this.response.flushHeaders();
    this.keepAlive = setInterval(() => {
      if (this.writable) this.response.write(': keep-alive\n\n');
    }, this.keepAliveMs);
    this.keepAlive.unref();
  }

  private stopKeepAlive(): void {
    if (this.keepAlive) clearInterval(this.keepAlive);
    this.keepAlive = undefined;
  }
}
