/** Turns what handlers return into protocol results, so simple handlers can return plain values. */

import { isRecord } from '../shared/is-record.js';

/** string → text; array → content blocks; `{ content }` → as is; objects → structured output or JSON text. */
export function toCallToolResult(value: unknown, structured: boolean): Record<string, unknown> {
  if (typeof value === 'string') return { content: [{ type: 'text', text: value }] };
  if (value === undefined || value === null) return { content: [] };
  if (Array.isArray(value)) return { content: value };
  if (isRecord(value) && Array.isArray(value.content)) return value;
  const text = JSON.stringify(value);
  if (structured) return { content: [{ type: 'text', text }], structuredContent: asPlainObject(value, text) };
  return { content: [{ type: 'text', text }] };
}

/** string → one user text message; array → messages; `{ messages }` → as is. */
export function toGetPromptResult(value: unknown): Record<string, unknown> {
  if (typeof value === 'string')
    return { messages: [{ role: 'user', content: { type: 'text', text: value } }] };
  if (Array.isArray(value)) return { messages: value };
  if (isRecord(value) && Array.isArray(value.messages)) return value;
  throw new Error('A prompt handler must return a string, an array of messages or { messages }');
}

/** string → text; bytes → base64 blob; `{ contents }` → as is; other objects → JSON text. */
export function toReadResourceResult(
  value: unknown,
  uri: string,
  mimeType: string | undefined,
): Record<string, unknown> {
  if (isRecord(value) && Array.isArray(value.contents)) return value;
  if (typeof value === 'string')
    return { contents: [mimeType ? { uri, mimeType, text: value } : { uri, text: value }] };
  if (value instanceof Uint8Array) {
    const blob = Buffer.from(value).toString('base64');
    return { contents: [{ uri, mimeType: mimeType ?? 'application/octet-stream', blob }] };
  }
  return { contents: [{ uri, mimeType: mimeType ?? 'application/json', text: JSON.stringify(value) }] };
}

/**
 * Structured content as a plain object, which the SDK's result check wants on the 2025 eras: a DTO class
 * instance (checked JSON-faithful before mapping) is read back from its text; a plain object is kept.
 */
function asPlainObject(value: object, text: string): unknown {
  const prototype = Object.getPrototypeOf(value) as object | null;
  return prototype === Object.prototype || prototype === null ? value : (JSON.parse(text) as unknown);
}
