import { JsonRpcErrorCode } from '../errors/json-rpc-error-codes.js';
import { McpProtocolError } from '../errors/protocol.error.js';

export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

/** A thrown value as a JSON-RPC error object and HTTP status; unexpected errors say nothing of their cause. */
export function toJsonRpcError(error: unknown): { error: JsonRpcErrorObject; status: number } {
  if (error instanceof McpProtocolError) {
    const body: JsonRpcErrorObject = { code: error.rpcCode, message: error.message };
    if (error.data !== undefined) body.data = error.data;
    return { error: body, status: error.httpStatus };
  }
  return { error: { code: JsonRpcErrorCode.InternalError, message: 'Internal error' }, status: 500 };
}
