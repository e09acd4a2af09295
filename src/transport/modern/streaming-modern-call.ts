import type { AuthInfo } from '@modelcontextprotocol/server';
import { RequestAbort } from '../../context/request-abort.js';
import type { OutboundNotification } from '../../context/request-environment.js';
import type { ModernHeaders, ModernRequest } from '../../server/modern/modern-request.js';

/**
 * What the Node and the fetch handler share for one modern POST: the request's abort, and notifications
 * that open an SSE stream on the first one when the client accepts a stream (and are dropped otherwise).
 */
export abstract class StreamingModernCall implements ModernRequest {
  readonly abort = new RequestAbort();
  abstract readonly headers: ModernHeaders;
  abstract readonly message: unknown;
  abstract readonly authInfo: AuthInfo | undefined;

  protected constructor(private readonly acceptsStream: boolean) {}

  async notify(notification: OutboundNotification): Promise<void> {
    if (!this.acceptsStream || this.abort.aborted) return;
    this.openStream().send({ jsonrpc: '2.0', ...notification });
  }

  /** The call's SSE stream, made on the first call. */
  protected abstract openStream(): { send(message: Record<string, unknown>): void };
}

// A client sends the same `Accept` on every request: comparing it with the last one costs less than the search.
let lastAccept: string | null | undefined;
let lastAccepts = false;

/** Whether an `Accept` header value lets the answer be an SSE stream. */
export function acceptsEventStream(accept: string | null | undefined): boolean {
  if (accept === lastAccept) return lastAccepts;
  lastAccepts = (accept ?? '').includes('text/event-stream');
  lastAccept = accept;
  return lastAccepts;
}
