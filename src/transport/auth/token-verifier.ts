import type { AuthInfo } from '@modelcontextprotocol/server';

/** Checks one bearer token; throws a `BearerTokenError` when it cannot be accepted. */
export type TokenVerifier = (token: string) => Promise<AuthInfo>;

/** `scope` as a space-separated string (RFC 8693 / RFC 7662) or `scp` as a list or string (common IdPs). */
export function scopesOf(claims: Record<string, unknown>): string[] {
  for (const value of [claims.scope, claims.scp]) {
    if (typeof value === 'string') return value.split(' ').filter(Boolean);
    if (Array.isArray(value)) return value.filter((entry): entry is string => typeof entry === 'string');
  }
  return [];
}

/** The `AuthInfo` of verified claims: `sub` becomes the principal that binds `requestState`. */
export function authInfoOf(token: string, claims: Record<string, unknown>): AuthInfo {
  const clientId = [claims.client_id, claims.azp, claims.sub].find((value) => typeof value === 'string');
  const info: AuthInfo = {
    token,
    clientId: (clientId as string | undefined) ?? '',
    scopes: scopesOf(claims),
    extra: { ...claims },
  };
  if (typeof claims.exp === 'number') info.expiresAt = claims.exp;
  return info;
}
