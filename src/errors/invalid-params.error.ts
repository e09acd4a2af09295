import { JsonRpcErrorCode } from './json-rpc-error-codes.js';
import { McpProtocolError } from './protocol.error.js';

/** JSON-RPC -32602: arguments, inputResponses or requestState that cannot be accepted. */
export class InvalidParamsError extends McpProtocolError {
  constructor(message: string, data?: unknown, httpStatus = 200) {
    super(JsonRpcErrorCode.InvalidParams, message, data, httpStatus);
  }
}
