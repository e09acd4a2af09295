import { ElicitorError } from './elicitor.error.js';

/** An error that goes to the client as a JSON-RPC error object (with an HTTP status on the modern wire). */
export class McpProtocolError extends ElicitorError {
  constructor(
    readonly rpcCode: number,
    message: string,
    readonly data?: unknown,
    readonly httpStatus: number = 200,
  ) {
    super(`RPC_${rpcCode}`, message);
  }
}
