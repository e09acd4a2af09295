// The first messages a client sends on a cold server, on each era, over stdio lines or HTTP POSTs.
import { request } from 'node:http';
import { MODERN_PROTOCOL_VERSION, requestMeta } from '../wire/mcp-wire.js';

export type Era = 'modern' | 'legacy';
export const LEGACY_PROTOCOL_VERSION = '2025-11-25';

export interface JsonRpcMessage {
  jsonrpc: '2.0';
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  result?: unknown;
  error?: unknown;
}

export const initializeRequest = (id: number): JsonRpcMessage => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: {
    protocolVersion: LEGACY_PROTOCOL_VERSION,
    capabilities: { elicitation: { form: {} } },
    clientInfo: { name: 'elicitor-bench', version: '1.0.0' },
  },
});

export const initializedNotification: JsonRpcMessage = {
  jsonrpc: '2.0',
  method: 'notifications/initialized',
};

export const toolsListRequest = (id: number, era: Era): JsonRpcMessage => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/list',
  params: era === 'modern' ? { _meta: requestMeta } : {},
});

/** The reply with `id` among the JSON or SSE body of an HTTP answer, if any. */
export function replyIn(body: string, id: number): JsonRpcMessage | undefined {
  const texts = body.trimStart().startsWith('{')
    ? [body]
    : body
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trim());
  for (const text of texts) {
    if (!text) continue;
    const message = JSON.parse(text) as JsonRpcMessage;
    if (message.id === id) return message;
  }
  return undefined;
}

export interface HttpAnswer {
  status: number;
  sessionId: string | undefined;
  body: string;
}

/** One POST of a JSON-RPC message with the headers its era asks for; a fresh connection each time. */
export function postMessage(
  url: string,
  message: JsonRpcMessage,
  era: Era,
  sessionId?: string,
): Promise<HttpAnswer> {
  const payload = JSON.stringify(message);
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    'Content-Length': String(Buffer.byteLength(payload)),
  };
  if (era === 'modern') {
    headers['MCP-Protocol-Version'] = MODERN_PROTOCOL_VERSION;
    if (message.method) headers['Mcp-Method'] = message.method;
  } else if (message.method !== 'initialize') {
    headers['MCP-Protocol-Version'] = LEGACY_PROTOCOL_VERSION;
  }
  if (sessionId) headers['Mcp-Session-Id'] = sessionId;
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers, agent: false }, (res) => {
      const session = res.headers['mcp-session-id'];
      let body = '';
      const settle = () =>
        resolve({
          status: res.statusCode ?? 0,
          sessionId: Array.isArray(session) ? session[0] : session,
          body,
        });
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        // An SSE answer may stay open after the reply: stop reading once it is there.
        if (message.id !== undefined && body.endsWith('\n\n') && replyIn(body, message.id)) {
          settle();
          res.destroy();
        }
      });
      res.on('end', settle);
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}
