import type { LegacyHttpReply, ReplyHeaders } from './legacy-http-reply.js';
import { KEEP_ALIVE_MS } from '../http/sse-keep-alive.constants.js';

/**
 * One SSE body of the legacy leg: `message` events with their event ids, a priming event that gives the
 * client an id to resume from and the reconnection delay, and keep-alive comments while it is quiet.
 */
export class LegacySseStream {
  private keepAlive: NodeJS.Timeout | undefined;

  constructor(readonly reply: LegacyHttpReply) {}

  get open(): boolean {
    return !this.reply.finished;
  }

  start(headers: ReplyHeaders): void {
    this.reply.startStream(headers);
    this.keepAlive = setInterval(() => this.reply.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    this.keepAlive.unref();
    this.reply.onFinish(() => this.stopKeepAlive());
  }

  /** The event with no data that gives the client an id to reconnect from (2025-11-25 on). */
  prime(eventId: string, retryMs: number | undefined): void {
    this.reply.write(
      retryMs === undefined ? `id: ${eventId}\ndata: \n\n` : `id: ${eventId}\nretry: ${retryMs}\ndata: \n\n`,
    );
  }

  event(json: string, eventId: string | undefined): void {
    this.reply.write(
      eventId === undefined
        ? `event: message\ndata: ${json}\n\n`
        : `event: message\nid: ${eventId}\ndata: ${json}\n\n`,
    );
  }

  end(): void {
    this.stopKeepAlive();
    this.reply.end();
  }

  private stopKeepAlive(): void {
    if (this.keepAlive) clearInterval(this.keepAlive);
    this.keepAlive = undefined;
  }
}
