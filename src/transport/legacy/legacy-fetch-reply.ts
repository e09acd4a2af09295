import type { LegacyHttpReply, ReplyHeaders } from './legacy-http-reply.js';
import { SSE_HEADERS } from './legacy-http-reply.js';

const encoder = new TextEncoder();

/**
 * A legacy reply as a web `Response`: `response` resolves with the first thing written (a JSON body, an
 * empty status, or a streaming SSE body whose chunks follow). A cancelled body means the client went away.
 */
export class FetchLegacyReply implements LegacyHttpReply {
  readonly response: Promise<Response>;
  private resolve!: (response: Response) => void;
  private controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  private ended = false;
  private abandoned = false;
  private abandonListeners: Array<() => void> = [];
  private finishListeners: Array<() => void> = [];

  constructor() {
    this.response = new Promise((resolve) => (this.resolve = resolve));
  }

  get finished(): boolean {
    return this.ended || this.abandoned;
  }

  json(status: number, text: string, headers?: ReplyHeaders): void {
    if (this.finished) return;
    const all = Object.assign({ 'content-type': 'application/json' }, headers);
    this.resolve(new Response(text, { status, headers: all }));
    this.finish();
  }

  empty(status: number, headers?: ReplyHeaders): void {
    if (this.finished) return;
    this.resolve(new Response(null, { status, ...(headers ? { headers } : {}) }));
    this.finish();
  }

  startStream(headers: ReplyHeaders): void {
    if (this.finished || this.controller) return;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.controller = controller;
      },
      cancel: () => {
        if (this.ended) return;
        this.abandoned = true;
        for (const listener of this.abandonListeners.splice(0)) listener();
        this.finish();
      },
    });
    this.resolve(new Response(body, { status: 200, headers: Object.assign({}, SSE_HEADERS, headers) }));
  }

  write(text: string): void {
    if (this.finished || !this.controller) return;
    try {
      this.controller.enqueue(encoder.encode(text));
    } catch {
      // The body was closed under us; the cancel listener reports it.
    }
  }

  end(): void {
    if (this.finished) return;
    try {
      this.controller?.close();
    } catch {
      // Already closed.
    }
    this.finish();
  }

  onAbandon(listener: () => void): void {
    if (this.abandoned) listener();
    else if (!this.ended) this.abandonListeners.push(listener);
  }

  onFinish(listener: () => void): void {
    if (this.ended) listener();
    else this.finishListeners.push(listener);
  }

  private finish(): void {
    if (this.ended) return;
    this.ended = true;
    this.abandonListeners = [];
    for (const listener of this.finishListeners.splice(0)) listener();
  }
}
