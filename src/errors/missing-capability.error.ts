import type { ClientCapabilities } from '@modelcontextprotocol/server';
import { JsonRpcErrorCode } from './json-rpc-error-codes.js';
import { McpProtocolError } from './protocol.error.js';

/** JSON-RPC -32021 (HTTP 400): the request needs a client capability it did not declare. */
export class MissingCapabilityError extends McpProtocolError {
  constructor(readonly requiredCapabilities: ClientCapabilities) {
    const names = Object.keys(requiredCapabilities).join(', ');
    super(
      JsonRpcErrorCode.MissingRequiredClientCapability,
      `Server requires the ${names} capability for this request`,
      { requiredCapabilities },
      400,
    );
  }
}
