import { JsonRpcErrorCode } from './json-rpc-error-codes.js';
import { McpProtocolError } from './protocol.error.js';

/** Seconds a client is told to wait before it retries a call refused while the app drains. */
export const SHUTDOWN_RETRY_AFTER_SECONDS = 1;

/**
 * A call arrived while the app drains for `close()`; HTTP 503 with `Retry-After` on the modern wire, so
 * clients retry elsewhere (behind a balancer, another replica) or once this one is back.
 */
export class ShuttingDownError extends McpProtocolError {
  override readonly retryAfterSeconds = SHUTDOWN_RETRY_AFTER_SECONDS;

  constructor() {
    super(
      JsonRpcErrorCode.ServerError,
      'The server is shutting down and takes no new calls; retry on another instance',
      undefined,
      503,
    );
  }
}
