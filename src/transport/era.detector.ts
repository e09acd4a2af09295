import type { IncomingMessage } from 'node:http';
import { META_PROTOCOL_VERSION, isModernVersion } from '../server/protocol-versions.js';

/**
 * Picks the leg for one HTTP request: sessions, `initialize` and 2025-era version headers are legacy;
 * everything else is answered by the modern leg (which also reports a malformed modern request).
 */
export function isLegacyHttpRequest(request: IncomingMessage, body: unknown): boolean {
  if (request.headers['mcp-session-id'] !== undefined) return true;
  if (request.method !== 'POST') return false;
  const message = body as { method?: unknown; params?: { _meta?: Record<string, unknown> } } | null;
  if (message?.method === 'initialize') return true;
  if (typeof message?.params?._meta?.[META_PROTOCOL_VERSION] === 'string') return false;
  const header = request.headers['mcp-protocol-version'];
  return typeof header === 'string' && !isModernVersion(header.trim()) && !Array.isArray(body);
}
