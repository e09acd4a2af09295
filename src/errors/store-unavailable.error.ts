import { JsonRpcErrorCode } from './json-rpc-error-codes.js';
import { McpProtocolError } from './protocol.error.js';

/** Seconds a client is told to wait before it retries a call the state store could not serve. */
export const STORE_RETRY_AFTER_SECONDS = 1;

/**
 * The shared state store did not answer in time, or refused the connection: the call decided nothing
 * it could not record, so it is safe to retry. HTTP 503 with `Retry-After` on the modern wire; on the
 * 2025 wire a JSON-RPC error whose message names the store. `code` is `STORE_UNAVAILABLE`.
 */
export class StoreUnavailableError extends McpProtocolError {
  static readonly CODE = 'STORE_UNAVAILABLE';
  override readonly code = StoreUnavailableError.CODE;
  override readonly retryAfterSeconds = STORE_RETRY_AFTER_SECONDS;

  constructor(
    /** The store's name as the client reads it, e.g. `Redis`. */
    readonly store: string,
    cause?: unknown,
  ) {
    super(
      JsonRpcErrorCode.ServerError,
      `The state store (${store}) is unavailable; retry the call in a moment`,
      { reason: 'store_unavailable', store, retryAfterSeconds: STORE_RETRY_AFTER_SECONDS },
      503,
    );
    if (cause !== undefined) this.cause = cause;
  }
}
