import { META_PROTOCOL_VERSION, isModernVersion } from '../../server/protocol-versions.js';

/**
 * Picks the leg for one HTTP request: sessions, a plain `initialize` and 2025-era version headers are
 * legacy. A request that names a version in its `_meta`, or a modern version in its header, is modern
 * whatever its method, so a 2026-07-28 `initialize` gets the modern leg's method-not-found. Everything else is
 * answered by the modern leg too (which also reports a malformed modern request).
 *
 * Plain values, not a request object, so Node and web-standard requests share it without a wrapper.
 */
export function isLegacyHttpRequest(
  method: string | undefined,
  sessionId: unknown,
  versionHeader: unknown,
  body: unknown,
): boolean {
  if (sessionId !== undefined && sessionId !== null) return true;
  if (method !== 'POST') return false;
  const message = body as { method?: unknown; params?: { _meta?: Record<string, unknown> } } | null;
  if (typeof message?.params?._meta?.[META_PROTOCOL_VERSION] === 'string') return false;
  const headerVersion = typeof versionHeader === 'string' ? versionHeader.trim() : undefined;
  if (headerVersion !== undefined && isModernVersion(headerVersion)) return false;
  if (message?.method === 'initialize') return true;
  return headerVersion !== undefined && !Array.isArray(body);
}
