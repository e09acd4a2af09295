import type { ServerResponse } from 'node:http';

export type ReplyHeaders = Record<string, string>;

/**
 * One HTTP response of the legacy leg, as Node's `ServerResponse` and a web `Response` body both offer
 * it: a whole JSON body, an empty status, or an SSE body written event by event.
 */
export interface LegacyHttpReply {
  /** Whether the body ended, or the client went away. */
  readonly finished: boolean;
  json(status: number, text: string, headers?: ReplyHeaders): void;
  empty(status: number, headers?: ReplyHeaders): void;
  /** Sends the status and headers of an SSE body; `write` then adds to it. */
  startStream(headers: ReplyHeaders): void;
  write(text: string): void;
  end(): void;
  /** Called once if the client goes away before the body ended. */
  onAbandon(listener: () => void): void;
  /** Called once when the response is over, however it ended. */
  onFinish(listener: () => void): void;
}

export const SSE_HEADERS: Readonly<ReplyHeaders> = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
};

/** A legacy reply on Node's `ServerResponse`. */
export class NodeLegacyReply implements LegacyHttpReply {
  constructor(private readonly response: ServerResponse) {}

  get finished(): boolean {
    return this.response.writableEnded || this.response.destroyed;
  }

  json(status: number, text: string, headers?: ReplyHeaders): void {
    if (this.finished) return;
    this.response.writeHead(status, {
      ...headers,
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
    });
    this.response.end(text);
  }

  empty(status: number, headers?: ReplyHeaders): void {
    if (this.finished) return;
    this.response.writeHead(status, headers).end();
  }

  startStream(headers: ReplyHeaders): void {
    if (this.finished) return;
    this.response.writeHead(200, { ...SSE_HEADERS, ...headers });
    this.response.flushHeaders();
  }

  write(text: string): void {
    if (!this.finished) this.response.write(text);
  }

  end(): void {
    if (!this.finished) this.response.end();
  }

  onAbandon(listener: () => void): void {
    const response = this.response;
    if (response.closed) {
      if (!response.writableFinished) listener();
      return;
    }
    response.once('close', () => {
      if (!response.writableFinished) listener();
    });
  }

  onFinish(listener: () => void): void {
    if (this.response.closed) listener();
    else this.response.once('close', listener);
  }
}
