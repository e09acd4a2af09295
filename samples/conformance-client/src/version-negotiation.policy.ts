import type { VersionNegotiationOptions } from '@modelcontextprotocol/client';

/** Revisions with the stateless lifecycle (server/discover + per-request `_meta`) that this client pins to. */
const STATELESS_REVISIONS: readonly string[] = ['2026-07-28'];

/** The newest revision that still uses the stateful `initialize` handshake. */
const LAST_HANDSHAKE_REVISION = '2025-11-25';

/**
 * Chooses how the official client negotiates, from the revision the suite is testing.
 * A known stateless revision is pinned so a wrong server fails loudly instead of silently
 * falling back to `initialize`; an unknown newer one is left to `auto`; the rest use the
 * plain `initialize` handshake, which is the SDK default.
 */
export function versionNegotiationFor(protocolVersion: string): VersionNegotiationOptions {
  if (STATELESS_REVISIONS.includes(protocolVersion)) return { mode: { pin: protocolVersion } };
  // ISO dates compare correctly as strings.
  if (protocolVersion > LAST_HANDSHAKE_REVISION) return { mode: 'auto' };
  return { mode: 'legacy' };
}
