import type { BearerErrorCode } from '../../errors/bearer-token.error.js';

export interface BearerChallenge {
  /** Where the protected-resource metadata document (RFC 9728) is served. */
  resourceMetadata?: string;
  error?: BearerErrorCode;
  errorDescription?: string;
  /** Space-separated in the header: the scopes the resource needs. */
  scopes?: readonly string[];
}

/** `Bearer resource_metadata="…", error="…", error_description="…", scope="…"` (RFC 6750 §3, RFC 9728 §5.1). */
export function bearerChallenge(challenge: BearerChallenge): string {
  const parts: string[] = [];
  if (challenge.resourceMetadata) parts.push(`resource_metadata=${quoted(challenge.resourceMetadata)}`);
  if (challenge.error) parts.push(`error=${quoted(challenge.error)}`);
  if (challenge.errorDescription) parts.push(`error_description=${quoted(challenge.errorDescription)}`);
  if (challenge.scopes?.length) parts.push(`scope=${quoted(challenge.scopes.join(' '))}`);
  return parts.length ? `Bearer ${parts.join(', ')}` : 'Bearer';
}

/** A quoted-string: only printable ASCII (RFC 6750 limits these values), with `"` and `\` escaped. */
function quoted(value: string): string {
  const printable = value.replace(/[^\x20-\x7e]/g, '');
  return `"${printable.replace(/["\\]/g, (char) => `\\${char}`)}"`;
}
