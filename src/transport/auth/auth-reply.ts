import { BearerTokenError } from '../../errors/bearer-token.error.js';
import { JsonRpcErrorCode } from '../../errors/json-rpc-error-codes.js';
import { McpProtocolError } from '../../errors/protocol.error.js';
import { buildProtectedResourceMetadata, metadataUrlOf } from './protected-resource.metadata.js';
import type { ProtectedResourceOptions } from './protected-resource.metadata.js';
import { bearerChallenge } from './www-authenticate-header.js';

/** An HTTP answer the Node and the fetch handler both write: status, headers and a JSON body. */
export interface AuthReply {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * The answer to a request `authenticate` refused: 401 (or 400/403 for a bearer refusal that says so)
 * with a `WWW-Authenticate: Bearer` challenge that points to the protected-resource metadata when there
 * is one. A protocol error keeps its own status (503 when the keys or introspection are out of reach).
 */
export function authFailureReply(error: unknown, resource: URL | undefined): AuthReply {
  if (error instanceof McpProtocolError) {
    return {
      status: error.httpStatus === 200 ? 401 : error.httpStatus,
      headers: {},
      body: { jsonrpc: '2.0', id: null, error: { code: error.rpcCode, message: error.message } },
    };
  }
  const refusal = error instanceof BearerTokenError ? error : undefined;
  const challenge = bearerChallenge({
    ...(resource ? { resourceMetadata: metadataUrlOf(resource) } : {}),
    ...(refusal?.bearerError ? { error: refusal.bearerError, errorDescription: refusal.message } : {}),
    ...(refusal?.requiredScopes.length ? { scopes: refusal.requiredScopes } : {}),
  });
  return {
    status: refusal?.httpStatus ?? 401,
    headers: { 'www-authenticate': challenge },
    body: {
      jsonrpc: '2.0',
      id: null,
      error: { code: JsonRpcErrorCode.ServerError, message: refusal?.message ?? 'Unauthorized' },
    },
  };
}

/** The metadata document (RFC 9728): public, readable from any origin, cacheable for a while. */
export function protectedResourceReply(
  method: string | undefined,
  options: ProtectedResourceOptions,
  resource: URL,
): AuthReply {
  if (method !== 'GET' && method !== 'HEAD')
    return { status: 405, headers: { allow: 'GET, HEAD' }, body: undefined };
  return {
    status: 200,
    headers: { 'access-control-allow-origin': '*', 'cache-control': 'max-age=300' },
    body: buildProtectedResourceMetadata(options, resource),
  };
}
