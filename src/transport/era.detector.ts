import type { IncomingMessage } from 'node:http';
import { META_PROTOCOL_VERSION, isModernVersion } from '../server/protocol-versions.js';

/**
 * Picks the leg for one HTTP request: sessions, a plain `initialize` and 2025-era version headers are
 * legacy. A request that names a version in its `_meta`, or a modern version in its header, is modern
 * whatever its method, so a 2026-07-28 `initialize` gets the modern leg's -32601. Everything else is
 * answered by the modern leg too (which also reports a malformed modern request).
 */
export function isLegacyHttpRequest(request: IncomingMessage, body: unknown): boolean {
  if (request.headers['mcp-session-id'] !== undefined) return true;
  if (request.method !== 'POST') return false;
  const message = body as { method?: unknown; params?: { _meta?: Record<string, unknown> } } | null;
  if (typeof message?.params?._meta?.[META_PROTOCOL_VERSION] === 'string') return false;
  const header = request.headers['mcp-protocol-version'];
  const headerVersion = typeof header === 'string' ? header.trim() : undefined;
  if (headerVersion !== undefined && isModernVersion(headerVersion)) return false;
  if (message?.method === 'initialize') return true;
  return headerVersion !== undefined && !Array.isArray(body);
}
