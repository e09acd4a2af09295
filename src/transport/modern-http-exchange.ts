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

/** The MCP headers of one request; the `Mcp-Param-*` ones are collected only when a check reads them. */
class NodeModernHeaders implements ModernHeaders {
  readonly protocolVersion: string | undefined;
  readonly method: string | undefined;
  readonly name: string | undefined;
  private collected: Record<string, string> | undefined;

  constructor(private readonly request: IncomingMessage) {
    this.protocolVersion = header(request, 'mcp-protocol-version');
    this.method = header(request, 'mcp-method');
    this.name = header(request, 'mcp-name');
  }

  get params(): Record<string, string> {
    return (this.collected ??= paramHeadersOf(this.request));
  }
}

function paramHeadersOf(request: IncomingMessage): Record<string, string> {
  const params: Record<string, string> = {};
  const headers = request.headers;
  for (const name in headers) {
    if (!name.startsWith(PARAM_PREFIX)) continue;
    const value = headers[name];
    if (typeof value === 'string') params[name.slice(PARAM_PREFIX.length)] = value;
  }
  return params;
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
    this.headers = new NodeModernHeaders(request);
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
