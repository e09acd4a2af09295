import { JsonRpcErrorCode } from './json-rpc-error-codes.js';
import { McpProtocolError } from './protocol.error.js';

/** `JsonRpcErrorCode.HeaderMismatch` (HTTP 400): an MCP header is missing, malformed or disagrees with the body. */
export class HeaderMismatchError extends McpProtocolError {
  constructor(readonly detail: string) {
    super(JsonRpcErrorCode.HeaderMismatch, `Header mismatch: ${detail}`, undefined, 400);
  }
}
