import { ElicitorError } from './elicitor.error.js';

/** The RFC 6750 error a bearer-token refusal names in its `WWW-Authenticate` challenge. */
export type BearerErrorCode = 'invalid_request' | 'invalid_token' | 'insufficient_scope';

/**
 * An HTTP request whose bearer token cannot be accepted: 401 (no token, or an invalid one), 400 (a
 * malformed `Authorization` header) or 403 (a valid token without the required scopes). The transport
 * answers with a `WWW-Authenticate: Bearer` challenge pointing to the protected-resource metadata.
 */
export class BearerTokenError extends ElicitorError {
  constructor(
    message: string,
    /** Absent when the request carried no credentials at all (RFC 6750 §3.1). */
    readonly bearerError: BearerErrorCode | undefined,
    /** The scopes the resource needs, for an `insufficient_scope` refusal. */
    readonly requiredScopes: readonly string[] = [],
  ) {
    super('BEARER_TOKEN', message);
  }

  get httpStatus(): number {
    if (this.bearerError === 'invalid_request') return 400;
    if (this.bearerError === 'insufficient_scope') return 403;
    return 401;
  }
}
