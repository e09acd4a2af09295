import type { AuthInfo } from '@modelcontextprotocol/server';
import type { OutboundNotification } from '../context/request-environment.js';
import type { ModernHeaders, ModernRequest } from '../server/modern/modern-request.js';
import { LazyAbort } from './lazy-abort.js';

/**
 * What the Node and the fetch handler share for one modern POST: the lazy abort state, and notifications
 * that open an SSE stream on the first one when the client accepts a stream (and are dropped otherwise).
 */
export abstract class StreamingModernCall implements ModernRequest {
  readonly abort = new LazyAbort();
  abstract readonly headers: ModernHeaders;
  abstract readonly message: unknown;
  abstract readonly authInfo: AuthInfo | undefined;

  protected constructor(private readonly acceptsStream: boolean) {}

  get signal(): AbortSignal {
    return this.abort.signal;
  }

  aborted(): boolean {
    return this.abort.aborted;
  }

  async notify(notification: OutboundNotification): Promise<void> {
    if (!this.acceptsStream || this.abort.aborted) return;
    this.openStream().send({ jsonrpc: '2.0', ...notification });
  }

  /** The call's SSE stream, made on the first call. */
  protected abstract openStream(): { send(message: Record<string, unknown>): void };
}

/** Whether an `Accept` header value lets the answer be an SSE stream. */
export function acceptsEventStream(accept: string | null | undefined): boolean {
  return (accept ?? '').includes('text/event-stream');
}
