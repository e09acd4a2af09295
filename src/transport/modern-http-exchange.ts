import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/server';
import type { ModernProtocolHandler } from '../server/modern/modern-protocol.handler.js';
import type { ModernHeaders } from '../server/modern/modern-request.js';
import { writeJson, writeJsonText } from './json-rpc-http-responses.js';
import { ModernSseStream } from './modern-http-stream.js';
import { StreamingModernCall, acceptsEventStream } from './streaming-modern-call.js';

const PARAM_PREFIX = 'mcp-param-';

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function readModernHeaders(request: IncomingMessage): ModernHeaders {
  const params: Record<string, string> = {};
  const headers = request.headers;
  for (const name in headers) {
    if (!name.startsWith(PARAM_PREFIX)) continue;
    const value = headers[name];
    if (typeof value === 'string') params[name.slice(PARAM_PREFIX.length)] = value;
  }
  return {
    protocolVersion: header(request, 'mcp-protocol-version'),
    method: header(request, 'mcp-method'),
    name: header(request, 'mcp-name'),
    params,
  };
}

/**
 * One modern POST as the handler sees it. A single object per request carries the message, the abort
 * state and the way back; the SSE stream is only made when a notification needs it.
 */
class ModernHttpCall extends StreamingModernCall {
  readonly headers: ModernHeaders;
  readonly authInfo: AuthInfo | undefined;
  stream: ModernSseStream | undefined;

  constructor(
    request: IncomingMessage & { auth?: AuthInfo | undefined },
    private readonly response: ServerResponse,
    readonly message: unknown,
  ) {
    super(acceptsEventStream(header(request, 'accept')));
    this.headers = readModernHeaders(request);
    this.authInfo = request.auth;
  }

  /** Switches the response to SSE. */
  protected openStream(): ModernSseStream {
    return (this.stream ??= new ModernSseStream(this.response));
  }

  /** Closing the connection before the answer cancels the request. */
  readonly onClose = (): void => {
    if (!this.response.writableFinished) this.abort.abort(new Error('The client closed the request stream'));
  };
}

/**
 * One modern POST: answers with plain JSON, or switches to a request-scoped SSE stream as soon as the
 * handler sends a notification (progress, logging, a `subscriptions/listen` event). The stream stays
 * open as long as the handler runs; closing the connection cancels the request.
 */
export async function serveModernExchange(
  handler: ModernProtocolHandler,
  request: IncomingMessage & { auth?: AuthInfo | undefined },
  response: ServerResponse,
  message: unknown,
): Promise<void> {
  const call = new ModernHttpCall(request, response, message);
  // Left in place: once the reply is written, `close` finds the response finished and aborts nothing.
  response.on('close', call.onClose);
  const reply = await handler.handle(call);
  if (response.writableEnded || call.abort.aborted) return;
  if (call.stream?.started) {
    call.stream.end(reply.body);
  } else if (reply.json !== undefined) {
    writeJsonText(response, reply.status, reply.json);
  } else if (reply.body) {
    writeJson(response, reply.status, reply.body);
  } else {
    response.writeHead(reply.status).end();
  }
}
