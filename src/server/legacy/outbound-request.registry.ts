import type { AbortWatch } from '../../context/abort-watch.js';
import { JsonRpcErrorCode } from '../../errors/json-rpc-error-codes.js';
import { McpProtocolError } from '../../errors/protocol.error.js';
import { RequestCancelledError } from '../../errors/request-cancelled.error.js';
import { RequestTimeoutError } from '../../errors/request-timeout.error.js';
import type { JsonRpcId } from './legacy-session-record.types.js';

/** Writes one message to the client, on the stream of `relatedTo` when it is given. */
export type OutboundWrite = (message: Record<string, unknown>, relatedTo?: JsonRpcId) => Promise<void>;

export interface OutboundRequestOptions {
  timeoutMs: number;
  /** Gives the request up (with `notifications/cancelled`) when it fires. */
  abort: AbortWatch;
  /** The client request this one belongs to: it rides that request's stream. */
  relatedTo?: JsonRpcId;
  /** The request's id, when the caller names it (a journaled question); otherwise the next number. */
  id?: JsonRpcId;
  /** Waits for the answer to a request the client already got, without sending it again. */
  alreadySent?: boolean;
  /** Called once the request is on the client's stream (stored, when the stream keeps events). */
  onSent?: () => void;
}

/**
 * A request waiting for the client's answer. A class, not an object literal: it lives until the client
 * answers, and V8 may move a literal's allocation site to the old generation once many such objects
 * outlive a young collection; a dead old entry then keeps its closures alive until a full collection.
 */
class Pending {
  constructor(
    readonly method: string,
    readonly resolve: (result: unknown) => void,
    readonly reject: (error: unknown) => void,
    readonly finish: () => void,
  ) {}
}

/**
 * The server-to-client requests of one session (`elicitation/create`, `sampling/createMessage`,
 * `roots/list`): numbered, matched to the client's responses, and given up on a timeout or the caller's
 * abort, with `notifications/cancelled` telling the client so.
 */
export class OutboundRequestRegistry {
  private nextId = 0;
  /** Dropped when emptied: a delete that empties a long-lived map has V8 allocate its next table in the old generation. */
  private pending: Map<JsonRpcId, Pending> | undefined;

  constructor(
    private readonly write: OutboundWrite,
    /** Ids are `${idPrefix}${n}` strings when set, numbers otherwise. */
    private readonly idPrefix?: string,
  ) {}

  get size(): number {
    return this.pending?.size ?? 0;
  }

  request<T>(method: string, params: object | undefined, options: OutboundRequestOptions): Promise<T> {
    const { abort, timeoutMs, relatedTo } = options;
    if (abort.aborted) return Promise.reject(new RequestCancelledError(method, reasonText(abort.reason)));
    const id: JsonRpcId =
      options.id ?? (this.idPrefix === undefined ? this.nextId++ : `${this.idPrefix}${this.nextId++}`);
    return new Promise<T>((resolve, reject) => {
      const giveUp = (error: Error, reason: string) => {
        if (this.pending?.get(id) !== entry) return;
        entry.finish();
        reject(error);
        this.write(
          { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason } },
          relatedTo,
        ).catch(() => undefined);
      };
      const onAbort = () =>
        giveUp(new RequestCancelledError(method, reasonText(abort.reason)), reasonText(abort.reason));
      const timer = setTimeout(
        () => giveUp(new RequestTimeoutError(method, timeoutMs), `timed out after ${timeoutMs} ms`),
        timeoutMs,
      );
      const entry = new Pending(method, resolve as (result: unknown) => void, reject, () => {
        clearTimeout(timer);
        stopWatching();
        this.forget(id, entry);
      });
      (this.pending ??= new Map()).set(id, entry);
      const stopWatching = abort.onAbort(onAbort);
      if (options.alreadySent) return;
      const message: Record<string, unknown> = { jsonrpc: '2.0', id, method };
      if (params !== undefined) message.params = params;
      this.write(message, relatedTo).then(options.onSent, (error: unknown) => {
        if (this.pending?.get(id) !== entry) return;
        entry.finish();
        reject(error);
      });
    });
  }

  /** The ids of the requests waiting for the client's answer. */
  waitingIds(): JsonRpcId[] {
    return [...(this.pending?.keys() ?? [])];
  }

  /** Settles the request a client response answers; false when none is waiting for it. */
  settle(response: { id: JsonRpcId; result?: unknown; error?: unknown }): boolean {
    const entry = this.pending?.get(response.id);
    if (!entry) return false;
    entry.finish();
    if (response.error !== undefined) {
      const error = response.error as { code?: unknown; message?: unknown; data?: unknown };
      entry.reject(
        new McpProtocolError(
          typeof error.code === 'number' ? error.code : JsonRpcErrorCode.InternalError,
          typeof error.message === 'string' ? error.message : `${entry.method} failed on the client`,
          error.data,
        ),
      );
    } else entry.resolve(response.result);
    return true;
  }

  private forget(id: JsonRpcId, entry: Pending): void {
    const pending = this.pending;
    if (pending?.get(id) !== entry) return;
    if (pending.size === 1) this.pending = undefined;
    else pending.delete(id);
  }

  /** Rejects every waiting request: the session is gone. */
  abandonAll(reason: string): void {
    for (const entry of [...(this.pending?.values() ?? [])]) {
      entry.finish();
      entry.reject(new RequestCancelledError(entry.method, reason));
    }
  }
}

export function reasonText(reason: unknown): string {
  if (reason instanceof Error) return reason.message;
  return reason === undefined ? 'the call was cancelled' : String(reason);
}
