import { ElicitorError } from './elicitor.error.js';

/** An error that goes to the client as a JSON-RPC error object (with an HTTP status on the modern wire). */
export class McpProtocolError extends ElicitorError {
  /** Set on a 503 the client may retry: sent as `Retry-After` on the modern wire. */
  readonly retryAfterSeconds?: number;

  constructor(
    readonly rpcCode: number,
    message: string,
    readonly data?: unknown,
    readonly httpStatus: number = 200,
  ) {
    super(`RPC_${rpcCode}`, message);
  }
}
