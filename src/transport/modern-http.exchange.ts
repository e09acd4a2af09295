import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/server';
import type { OutboundNotification } from '../context/request-environment.js';
import type { ModernProtocolHandler } from '../server/modern/modern-protocol.handler.js';
import type { ModernHeaders } from '../server/modern/modern-request.js';
import { writeJson, writeJsonText } from './json-rpc-http.responses.js';
import { LazyAbort } from './lazy-abort.js';
import { ModernSseStream } from './modern-http.stream.js';

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function readModernHeaders(request: IncomingMessage): ModernHeaders {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (name.startsWith('mcp-param-') && typeof value === 'string')
      params[name.slice('mcp-param-'.length)] = value;
  }
  return {
    protocolVersion: header(request, 'mcp-protocol-version'),
    method: header(request, 'mcp-method'),
    name: header(request, 'mcp-name'),
    params,
  };
}

/**
 * One modern POST: answers with plain JSON, or switches to a request-scoped SSE stream as soon as the
 * handler sends a notification (progress, logging, a `subscriptions/listen` event). The stream stays
 * open as long as the handler runs; closing the connection cancels the request.
 */
export async function serveModernExchange(
  handler: ModernProtocolHandler,
  request: IncomingMessage & { auth?: AuthInfo },
  response: ServerResponse,
  message: unknown,
): Promise<void> {
  const abort = new LazyAbort();
  const onClose = () => {
    if (!response.writableFinished) abort.abort(new Error('The client closed the request stream'));
  };
  response.on('close', onClose);
  const acceptsStream = (header(request, 'accept') ?? '').includes('text/event-stream');
  const stream = new ModernSseStream(response);
  const notify = async (notification: OutboundNotification): Promise<void> => {
    if (!acceptsStream || abort.aborted) return;
    stream.send({ jsonrpc: '2.0', ...notification });
  };
  const reply = await handler.handle({
    message,
    headers: readModernHeaders(request),
    get signal() {
      return abort.signal;
    },
    aborted: () => abort.aborted,
    authInfo: request.auth,
    notify,
  });
  response.off('close', onClose);
  if (response.writableEnded || abort.aborted) return;
  if (stream.started) {
    stream.end(reply.body);
  } else if (reply.json !== undefined) {
    writeJsonText(response, reply.status, reply.json);
  } else if (reply.body) {
    writeJson(response, reply.status, reply.body);
  } else {
    response.writeHead(reply.status).end();
  }
}
