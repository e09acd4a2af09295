/** Sends one modern JSON-RPC request and returns the HTTP status and body. */
export type ModernExchange = (
  message: Record<string, unknown>,
) => Promise<{ status: number; body: Record<string, unknown> }>;

export const MODERN_VERSION = '2026-07-28';

/** Adds the `_meta` envelope every modern request carries. */
export function withModernMeta(
  params: Record<string, unknown>,
  capabilities: Record<string, unknown>,
  extraMeta: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    ...params,
    _meta: {
      'io.modelcontextprotocol/protocolVersion': MODERN_VERSION,
      'io.modelcontextprotocol/clientInfo': { name: 'elicitor-test-client', version: '1.0.0' },
      'io.modelcontextprotocol/clientCapabilities': capabilities,
      ...extraMeta,
    },
  };
}

/** The exchange over HTTP: the modern headers plus the body, with `fetch`. */
export function httpExchange(url: string, extraHeaders: Record<string, string> = {}): ModernExchange {
  return async (message) => {
    const params = message.params as Record<string, unknown>;
    const headers: Record<string, string> = {
      ...extraHeaders,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': MODERN_VERSION,
      'mcp-method': String(message.method),
    };
    const name = params.name ?? params.uri ?? params.taskId;
    if (typeof name === 'string') headers['mcp-name'] = name;
    const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(message) });
    const text = await response.text();
    const body = response.headers.get('content-type')?.includes('text/event-stream')
      ? lastSseMessage(text, response.status)
      : replyJson(text, response.status);
    return { status: response.status, body };
  };
}

/**
 * The reply's JSON body; an empty body (an acceptance, or a refusal Node's HTTP server made before the app
 * saw the request, such as 431 for headers over its limit) is `{}`, so the status says what happened.
 */
function replyJson(text: string, status: number): Record<string, unknown> {
  if (text === '') return {};
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new Error(`HTTP ${status}: the reply is not JSON: ${text.slice(0, 200)}`);
  }
}

function lastSseMessage(text: string, status: number): Record<string, unknown> {
  const data = text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => line.slice(6));
  return replyJson(data[data.length - 1] ?? '', status);
}
