import type { IncomingMessage } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/server';
import { BearerTokenError } from '../../errors/bearer-token.error.js';
import { jwtVerifier } from './jwt.check.js';
import type { JwtVerifierOptions } from './jwt.check.js';
import type { ProtectedResourceOptions } from './protected-resource.metadata.js';
import { introspectionVerifier } from './token-introspection.check.js';
import type { IntrospectionOptions } from './token-introspection.check.js';
import type { TokenVerifier } from './token-verifier.js';

/** How `bearerAuth()` checks a token: a JWT against JWKS, introspection, or both, and what it requires. */
export interface BearerAuthOptions extends Partial<JwtVerifierOptions> {
  /** Check tokens at the authorization server (RFC 7662) instead of, or after failing, a JWT check. */
  introspection?: IntrospectionOptions;
  /** Scopes every request needs; a token without them gets 403 `insufficient_scope`. */
  requiredScopes?: string[];
  /** Let requests without a token through with no `authInfo` (guards then decide); default false. */
  optional?: boolean;
  /** The protected-resource metadata document; `authorizationServers` defaults to the issuer(s). */
  resourceMetadata?: Partial<ProtectedResourceOptions>;
}

/**
 * An `authenticate` for `listen({ http })`, `nodeHandler()`, `attach()` (a Node request) and `fetch()` (a
 * web `Request`) that also describes the protected resource it guards.
 */
export interface BearerAuthenticate {
  (request: IncomingMessage | Request): Promise<AuthInfo | undefined>;
  readonly protectedResource: ProtectedResourceOptions;
}

/**
 * Sign-in for a remote MCP server acting as an OAuth 2.1 resource server: reads `Authorization: Bearer`,
 * checks the token as a JWT against the issuer's JWKS (issuer, audience, expiry; scopes from `scope` or
 * `scp`) or by introspection, and yields the `AuthInfo` guards such as `RequireScopes` read.
 */
export function bearerAuth(options: BearerAuthOptions): BearerAuthenticate {
  const verify = verifierOf(options);
  const required = options.requiredScopes ?? [];
  const authenticate = async (request: IncomingMessage | Request): Promise<AuthInfo | undefined> => {
    const token = tokenOf(authorizationOf(request));
    if (token === undefined) {
      if (options.optional) return undefined;
      throw new BearerTokenError('This server needs an access token', undefined);
    }
    const info = await verify(token);
    const missing = required.filter((scope) => !info.scopes.includes(scope));
    if (missing.length) {
      throw new BearerTokenError(
        `The access token lacks the scope(s) ${missing.join(', ')}`,
        'insufficient_scope',
        required,
      );
    }
    return info;
  };
  const issuers = options.issuer === undefined ? [] : [options.issuer].flat();
  const protectedResource: ProtectedResourceOptions = {
    ...options.resourceMetadata,
    authorizationServers: options.resourceMetadata?.authorizationServers ?? issuers,
  };
  if (protectedResource.authorizationServers.length === 0) {
    throw new TypeError('bearerAuth needs an issuer or resourceMetadata.authorizationServers');
  }
  return Object.assign(authenticate, { protectedResource });
}

function verifierOf(options: BearerAuthOptions): TokenVerifier {
  const { jwks, issuer, audience, introspection } = options;
  if (jwks === undefined && introspection === undefined) {
    throw new TypeError('bearerAuth needs jwks (with issuer and audience) or introspection');
  }
  let jwt: TokenVerifier | undefined;
  if (jwks !== undefined) {
    if (issuer === undefined || audience === undefined) {
      throw new TypeError('bearerAuth with jwks needs issuer and audience');
    }
    jwt = jwtVerifier({ ...options, jwks, issuer, audience } as JwtVerifierOptions);
  }
  const remote = introspection ? introspectionVerifier(introspection) : undefined;
  if (jwt && remote) {
    // Opaque tokens are not JWTs: only a token that does not parse as one goes on to introspection.
    return (token) => (token.split('.').length === 3 ? jwt(token) : remote(token));
  }
  return (jwt ?? remote)!;
}

function authorizationOf(request: IncomingMessage | Request): string | undefined {
  const headers = request.headers;
  if (typeof (headers as Headers).get === 'function')
    return (headers as Headers).get('authorization') ?? undefined;
  return (headers as IncomingMessage['headers']).authorization;
}

/** The token of `Authorization: Bearer <token>`; a malformed header is the caller's 400. */
function tokenOf(header: string | undefined): string | undefined {
  if (header === undefined || header === '') return undefined;
  const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header);
  if (!match) {
    throw new BearerTokenError('The Authorization header must be "Bearer <token>"', 'invalid_request');
  }
  return match[1];
}
