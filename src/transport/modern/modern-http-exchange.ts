import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/server';
import type { ModernProtocolHandler } from '../../server/modern/modern-protocol.handler.js';
import type { ModernHeaders, ModernReply } from '../../server/modern/modern-request.js';
import { writeJson, writeJsonText } from '../http/json-rpc-http-responses.js';
import { ModernSseStream } from './modern-http-stream.js';
import { StreamingModernCall, acceptsEventStream } from './streaming-modern-call.js';

const PARAM_PREFIX = 'mcp-param-';

/** A header's value; Node joins repeated headers into one string, save a few (`set-cookie`) it keeps as a list. */
function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
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

/** Told when a reply could not be written: logged, and a 500 if nothing was sent yet. */
export type ExchangeFailure = (response: ServerResponse, error: unknown) => void;

const MODERN_CALL = Symbol('elicitor.modernCall');
type AnsweringResponse = ServerResponse & { [MODERN_CALL]?: ModernHttpCall };

/**
 * One modern POST as the handler sees it, MCP headers included (the `Mcp-Param-*` ones are collected only
 * when a check reads them). A single object per request carries the message, the headers, the abort
 * state and the way back; the SSE stream is only made when a notification needs it.
 */
class ModernHttpCall extends StreamingModernCall implements ModernHeaders {
  readonly headers: ModernHeaders = this;
  readonly protocolVersion: string | undefined;
  readonly method: string | undefined;
  readonly name: string | undefined;
  readonly authInfo: AuthInfo | undefined;
  stream: ModernSseStream | undefined = undefined;
  private collectedParams: Record<string, string> | undefined = undefined;

  constructor(
    private readonly request: IncomingMessage & { auth?: AuthInfo | undefined },
    readonly response: ServerResponse,
    readonly message: unknown,
  ) {
    // Each header read by a fixed name: V8 then caches each access, where one by a variable name turns generic.
    const headers = request.headers;
    super(acceptsEventStream(first(headers.accept)));
    this.protocolVersion = first(headers['mcp-protocol-version']);
    this.method = first(headers['mcp-method']);
    this.name = first(headers['mcp-name']);
    this.authInfo = request.auth;
  }

  get params(): Record<string, string> {
    return (this.collectedParams ??= paramHeadersOf(this.request));
  }

  /** Switches the response to SSE. */
  protected openStream(): ModernSseStream {
    return (this.stream ??= new ModernSseStream(this.response));
  }

  /** Writes the reply; a failure to write goes to `onFailure` (the handler's reply itself never fails). */
  answer(reply: ModernReply, onFailure: ExchangeFailure): void {
    try {
      this.write(reply);
    } catch (error) {
      onFailure(this.response, error);
    }
  }

  private write(reply: ModernReply): void {
    const { response } = this;
    if (response.writableEnded || this.abort.aborted) return;
    if (this.stream?.started) {
      this.stream.end(reply.body);
    } else if (reply.json !== undefined) {
      writeJsonText(response, reply.status, reply.json);
    } else if (reply.body) {
      writeJson(response, reply.status, reply.body, reply.retryAfterSeconds);
    } else {
      response.writeHead(reply.status).end();
    }
  }
}

/** Closing the connection before the answer cancels the request (the stream's listener: `this` is the response). */
function onResponseClose(this: AnsweringResponse): void {
  if (!this.writableFinished)
    this[MODERN_CALL]?.abort.abort(new Error('The client closed the request stream'));
}

/**
 * One modern POST: answers with plain JSON, or switches to a request-scoped SSE stream as soon as the
 * handler sends a notification (progress, logging, a `subscriptions/listen` event). The stream stays
 * open as long as the handler runs; closing the connection cancels the request. Never rejects.
 */
export function serveModernExchange(
  handler: ModernProtocolHandler,
  request: IncomingMessage & { auth?: AuthInfo | undefined },
  response: ServerResponse,
  message: unknown,
  onFailure: ExchangeFailure,
): Promise<void> {
  const call = new ModernHttpCall(request, response, message);
  (response as AnsweringResponse)[MODERN_CALL] = call;
  // Left in place: once the reply is written, `close` finds the response finished and aborts nothing.
  response.on('close', onResponseClose);
  // Failures go to `onFailure` (a reply that could not be written, or a logger that threw), never a rejection.
  return handler.handle(call).then(
    (reply) => call.answer(reply, onFailure),
    (error: unknown) => onFailure(response, error),
  );
}
