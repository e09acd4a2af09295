import { KEEP_ALIVE_MS } from '../http/sse-keep-alive.constants.js';

const SSE_HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
};

/**
 * The request-scoped SSE response of one modern request on the fetch handler: a streamed `Response`
 * whose events are written as they happen, with keep-alive comments while it is idle. Cancelling the
 * body (the client went away) calls `onCancel`.
 */
export class ModernFetchSseStream {
  readonly response: Response;
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private readonly encoder = new TextEncoder();
  private readonly keepAlive: NodeJS.Timeout;
  private closed = false;

  constructor(onCancel: () => void, keepAliveMs = KEEP_ALIVE_MS) {
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.controller = controller;
      },
      cancel: () => {
        this.stop();
        onCancel();
      },
    });
    this.response = new Response(body, { status: 200, headers: SSE_HEADERS });
    this.keepAlive = setInterval(() => this.write(': keep-alive\n\n'), keepAliveMs);
    this.keepAlive.unref();
  }

  send(message: Record<string, unknown>): void {
    this.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
  }

  /** Sends the final message (the response), if any, and closes the stream. */
  end(message?: Record<string, unknown>): void {
    if (message) this.send(message);
    if (this.closed) return;
    this.stop();
    this.controller.close();
  }

  private write(text: string): void {
    if (!this.closed) this.controller.enqueue(this.encoder.encode(text));
  }

  private stop(): void {
    this.closed = true;
    clearInterval(this.keepAlive);
  }
}
