import { JsonRpcErrorCode } from './json-rpc-error-codes.js';
import { McpProtocolError } from './protocol.error.js';

/** A call arrived while the app drains for `close()`; HTTP 503 on the modern wire, so clients retry elsewhere. */
export class ShuttingDownError extends McpProtocolError {
  constructor() {
    super(
      JsonRpcErrorCode.ServerError,
      'The server is shutting down and takes no new calls; retry on another instance',
      undefined,
      503,
    );
  }
}
