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

/** A legacy reply on Node's `ServerResponse`; one `close` listener serves every party that waits on it. */
export class NodeLegacyReply implements LegacyHttpReply {
  private abandonListeners: Array<() => void> | undefined;
  private finishListeners: Array<() => void> | undefined;
  private listening = false;

  constructor(private readonly response: ServerResponse) {}

  get finished(): boolean {
    return this.response.writableEnded || this.response.destroyed;
  }

  json(status: number, text: string, headers?: ReplyHeaders): void {
    if (this.finished) return;
    // Not `{ ...headers, key }`: V8 gives a spread followed by a new key a fresh hidden class on every
    // call, which outlives the young generation (some 300 bytes promoted per reply, and twice the GC).
    const all: Record<string, string | number> = {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
    };
    this.response.writeHead(status, headers ? Object.assign(all, headers) : all);
    this.response.end(text);
  }

  empty(status: number, headers?: ReplyHeaders): void {
    if (this.finished) return;
    this.response.writeHead(status, headers).end();
  }

  startStream(headers: ReplyHeaders): void {
    if (this.finished) return;
    this.response.writeHead(200, Object.assign({}, SSE_HEADERS, headers));
    this.response.flushHeaders();
  }

  write(text: string): void {
    if (!this.finished) this.response.write(text);
  }

  end(): void {
    if (!this.finished) this.response.end();
  }

  onAbandon(listener: () => void): void {
    (this.abandonListeners ??= []).push(listener);
    this.listen();
  }

  onFinish(listener: () => void): void {
    (this.finishListeners ??= []).push(listener);
    this.listen();
  }

  private listen(): void {
    if (this.listening) return;
    this.listening = true;
    if (this.response.closed) queueMicrotask(() => this.closed());
    else this.response.once('close', () => this.closed());
  }

  private closed(): void {
    const abandoned = !this.response.writableFinished;
    const { abandonListeners, finishListeners } = this;
    this.abandonListeners = this.finishListeners = undefined;
    if (abandoned && abandonListeners) for (const listener of abandonListeners) listener();
    if (finishListeners) for (const listener of finishListeners) listener();
  }
}
