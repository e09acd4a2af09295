import type * as Jose from 'jose';
import type { JSONWebKeySet } from 'jose';
import { BearerTokenError } from '../../errors/bearer-token.error.js';
import { JsonRpcErrorCode } from '../../errors/json-rpc-error-codes.js';
import { McpProtocolError } from '../../errors/protocol.error.js';
import { authInfoOf } from './token-verifier.js';
import type { TokenVerifier } from './token-verifier.js';

/** How a JWT access token is verified: signature, issuer, audience, algorithms and clock leeway. */
export interface JwtVerifierOptions {
  /** The authorization server's JWKS URL (fetched and cached), or its keys. */
  jwks: string | URL | JSONWebKeySet;
  issuer: string | string[];
  /** The audience the token must name: this server's resource identifier (RFC 8707). */
  audience: string | string[];
  /** Accepted signing algorithms; default RS256, PS256, ES256, EdDSA. */
  algorithms?: string[];
  /** Leeway for `exp` and `nbf`, in seconds; default 30. */
  clockToleranceSeconds?: number;
}

const DEFAULT_ALGORITHMS = ['RS256', 'PS256', 'ES256', 'EdDSA'];

// Imported on the first token, not at start: an app without bearer auth never loads it.
let jose: typeof Jose | undefined;

/** Verifies a signed JWT access token: signature, issuer, audience and expiry (which it must carry). */
export function jwtVerifier(options: JwtVerifierOptions): TokenVerifier {
  let keys: Parameters<typeof Jose.jwtVerify>[1] | undefined;
  const checks = {
    issuer: options.issuer,
    audience: options.audience,
    algorithms: options.algorithms ?? DEFAULT_ALGORITHMS,
    clockTolerance: options.clockToleranceSeconds ?? 30,
    requiredClaims: ['exp'],
  };
  return async (token) => {
    jose ??= await import('jose');
    keys ??=
      typeof options.jwks === 'string' || options.jwks instanceof URL
        ? jose.createRemoteJWKSet(new URL(options.jwks))
        : jose.createLocalJWKSet(options.jwks);
    try {
      const { payload } = await jose.jwtVerify(token, keys, checks);
      return authInfoOf(token, payload as Record<string, unknown>);
    } catch (error) {
      if (isKeySourceFailure(jose.errors, error)) {
        // The keys could not be fetched: the server's problem (503, logged), not an invalid token.
        throw new McpProtocolError(
          JsonRpcErrorCode.ServerError,
          'The access token cannot be checked right now',
          { detail: (error as Error).message },
          503,
        );
      }
      throw new BearerTokenError(describe(jose.errors, error), 'invalid_token');
    }
  };
}

function isKeySourceFailure(errors: typeof Jose.errors, error: unknown): boolean {
  if (error instanceof errors.JWKSTimeout) return true;
  // fetch() rejects with a TypeError when the JWKS host cannot be reached.
  if (error instanceof TypeError && error.message === 'fetch failed') return true;
  return (
    error instanceof errors.JOSEError &&
    error.code === 'ERR_JOSE_GENERIC' &&
    /JSON Web Key Set HTTP response/.test(error.message)
  );
}

/** A reason the client can act on, never the token or a key. */
function describe(errors: typeof Jose.errors, error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'The access token has expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    return `The access token's ${error.claim} claim is not accepted`;
  }
  if (error instanceof errors.JWKSNoMatchingKey) return 'The access token is signed with an unknown key';
  return 'The access token is not valid';
}
