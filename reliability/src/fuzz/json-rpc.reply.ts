/** True for a JSON-RPC 2.0 response (with a well-formed error) or a server-sent request or notification. */
export function isJsonRpcMessage(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const message = value as Record<string, unknown>;
  if (message.jsonrpc !== '2.0') return false;
  if (typeof message.method === 'string') return true;
  if (!('id' in message)) return false;
  if ('result' in message) return !('error' in message);
  const error = message.error as Record<string, unknown> | undefined;
  return (
    typeof error === 'object' &&
    error !== null &&
    Number.isInteger(error.code) &&
    typeof error.message === 'string'
  );
}

/** True when `text` is one JSON-RPC message or a non-empty batch of them. */
export function isJsonRpcText(text: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return false;
  }
  return Array.isArray(parsed)
    ? parsed.length > 0 && parsed.every(isJsonRpcMessage)
    : isJsonRpcMessage(parsed);
}

/** True when a server-sent event stream carries at least one message and only JSON-RPC messages. */
export function isJsonRpcEventStream(text: string): boolean {
  const data = text
    .split(/\r?\n/)
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).trim())
    .filter((payload) => payload.length > 0);
  return data.length > 0 && data.every(isJsonRpcText);
}
