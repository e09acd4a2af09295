import type { JsonRpcId } from './legacy-session-record.types.js';

export interface LegacyRequest {
  id: JsonRpcId;
  method: string;
  params?: unknown;
}

/** One JSON-RPC 2.0 message as the 2025-era wire defines them, by kind; `invalid` for anything else. */
export type ClassifiedMessage =
  | { kind: 'request'; message: LegacyRequest }
  | { kind: 'notification'; method: string; params: unknown }
  | { kind: 'response'; message: { id: JsonRpcId; result?: unknown; error?: unknown } }
  | { kind: 'invalid' };

const INVALID: ClassifiedMessage = { kind: 'invalid' };
const REQUEST_KEYS = new Set(['jsonrpc', 'id', 'method', 'params']);
const RESPONSE_KEYS = new Set(['jsonrpc', 'id', 'result', 'error']);

/**
 * Sorts a message into request, notification or response, refusing what the schema refuses: a wrong
 * `jsonrpc`, an id that is neither string nor number (nor null on an error), unknown top-level keys,
 * params that are not an object, a response with both or neither of result and error.
 */
export function classifyLegacyMessage(value: unknown): ClassifiedMessage {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return INVALID;
  const message = value as Record<string, unknown>;
  if (message.jsonrpc !== '2.0') return INVALID;
  const { id, method } = message;
  if (method !== undefined) {
    if (typeof method !== 'string' || !onlyKeys(message, REQUEST_KEYS)) return INVALID;
    const params = message.params;
    if (params !== undefined && (typeof params !== 'object' || params === null || Array.isArray(params)))
      return INVALID;
    if (id === undefined) return { kind: 'notification', method, params };
    if (!isId(id)) return INVALID;
    return { kind: 'request', message: message as unknown as LegacyRequest };
  }
  if (!onlyKeys(message, RESPONSE_KEYS)) return INVALID;
  const hasResult = 'result' in message;
  const hasError = 'error' in message;
  if (hasResult === hasError) return INVALID;
  if (hasResult && (!isId(id) || typeof message.result !== 'object' || message.result === null))
    return INVALID;
  if (hasError && (typeof message.error !== 'object' || message.error === null)) return INVALID;
  if (!isId(id))
    return hasError && id === null
      ? { kind: 'response', message: { id: '', error: message.error } }
      : INVALID;
  return { kind: 'response', message: message as { id: JsonRpcId } };
}

function isId(id: unknown): id is JsonRpcId {
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));
}

function onlyKeys(message: Record<string, unknown>, allowed: ReadonlySet<string>): boolean {
  for (const key in message) if (!allowed.has(key)) return false;
  return true;
}
