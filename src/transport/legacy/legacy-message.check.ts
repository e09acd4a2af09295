import { JsonRpcErrorCode } from '../../errors/json-rpc-error-codes.js';
import { classifyLegacyMessage } from '../../server/legacy/legacy-message.check.js';

/**
 * The Invalid Request reply for a legacy stdio message that is not a JSON-RPC 2.0 message (a wrong shape,
 * an unknown top-level key), so the client is not left waiting; undefined when the message is well formed.
 * A request's id is echoed; anything else is answered with a null id, as JSON-RPC asks.
 */
export function invalidLegacyMessageReply(message: unknown): string | undefined {
  if (classifyLegacyMessage(message).kind !== 'invalid') return undefined;
  const envelope = (typeof message === 'object' && message !== null ? message : {}) as Record<
    string,
    unknown
  >;
  const id =
    typeof envelope.method === 'string' &&
    (typeof envelope.id === 'string' || typeof envelope.id === 'number')
      ? envelope.id
      : null;
  return invalidRequestLine(id);
}

/** The -32600 reply line for a message that is not a JSON-RPC 2.0 message. */
export function invalidRequestLine(id: string | number | null): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    id,
    error: { code: JsonRpcErrorCode.InvalidRequest, message: 'Invalid Request: not a JSON-RPC 2.0 message' },
  });
}
