import { JsonRpcErrorCode } from '../errors/json-rpc-error-codes.js';
import { McpProtocolError } from '../errors/protocol.error.js';

export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

/** An error reply on the modern wire: the JSON-RPC error, its HTTP status and, for a 503, when to retry. */
export interface MappedError {
  error: JsonRpcErrorObject;
  status: number;
  retryAfterSeconds?: number;
}

/** A thrown value as a JSON-RPC error object and HTTP status; unexpected errors say nothing of their cause. */
export function toJsonRpcError(error: unknown): MappedError {
  if (error instanceof McpProtocolError) {
    const body: JsonRpcErrorObject = { code: error.rpcCode, message: error.message };
    if (error.data !== undefined) body.data = error.data;
    const mapped: MappedError = { error: body, status: error.httpStatus };
    if (error.retryAfterSeconds !== undefined) mapped.retryAfterSeconds = error.retryAfterSeconds;
    return mapped;
  }
  return { error: { code: JsonRpcErrorCode.InternalError, message: 'Internal error' }, status: 500 };
}
