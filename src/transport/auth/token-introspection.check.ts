import { BearerTokenError } from '../../errors/bearer-token.error.js';
import { JsonRpcErrorCode } from '../../errors/json-rpc-error-codes.js';
import { McpProtocolError } from '../../errors/protocol.error.js';
import { authInfoOf } from './token-verifier.js';
import type { TokenVerifier } from './token-verifier.js';

/** Where and how to introspect an opaque access token (RFC 7662). */
export interface IntrospectionOptions {
  /** The authorization server's introspection endpoint (RFC 7662). */
  url: string;
  /** This server's credentials at the authorization server (HTTP Basic). */
  clientId: string;
  clientSecret: string;
  /** When given, an active token must also name one of these audiences. */
  audience?: string | string[];
  /** How long to wait for the endpoint; default 5 s. */
  timeoutMs?: number;
}

/**
 * Asks the authorization server whether a token is active. An inactive, expired or foreign token is the
 * caller's 401; an endpoint that cannot be reached is a 503 (the server's problem), logged by the transport.
 */
export function introspectionVerifier(options: IntrospectionOptions): TokenVerifier {
  const basic = Buffer.from(
    `${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`,
  ).toString('base64');
  const audiences = options.audience === undefined ? undefined : [options.audience].flat();
  return async (token) => {
    const claims = await introspect(options, basic, token);
    if (claims.active !== true) throw new BearerTokenError('The access token is not active', 'invalid_token');
    const now = Math.floor(Date.now() / 1000);
    if (typeof claims.exp === 'number' && claims.exp <= now) {
      throw new BearerTokenError('The access token has expired', 'invalid_token');
    }
    if (audiences) {
      const named = [claims.aud].flat().filter((entry): entry is string => typeof entry === 'string');
      if (!named.some((entry) => audiences.includes(entry))) {
        throw new BearerTokenError("The access token's aud claim is not accepted", 'invalid_token');
      }
    }
    return authInfoOf(token, claims);
  };
}

async function introspect(
  options: IntrospectionOptions,
  basic: string,
  token: string,
): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(options.url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams({ token, token_type_hint: 'access_token' }).toString(),
      signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
    });
  } catch (error) {
    throw unavailable(`token introspection failed: ${(error as Error).message}`);
  }
  if (!response.ok) throw unavailable(`token introspection answered HTTP ${response.status}`);
  const body = (await response.json().catch(() => undefined)) as unknown;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw unavailable('token introspection answered something other than a JSON object');
  }
  return body as Record<string, unknown>;
}

function unavailable(detail: string): McpProtocolError {
  return new McpProtocolError(
    JsonRpcErrorCode.ServerError,
    'The access token cannot be checked right now',
    { detail },
    503,
  );
}
