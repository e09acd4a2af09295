import type { AuthInfo } from '@modelcontextprotocol/server';
import type { ModernProtocolHandler } from '../../server/modern/modern-protocol.handler.js';
import type { ModernHeaders, ModernReply } from '../../server/modern/modern-request.js';
import { ModernFetchSseStream } from './modern-fetch-stream.js';
import { StreamingModernCall, acceptsEventStream } from './streaming-modern-call.js';
import { jsonResponse } from '../http/web-json-responses.js';

const PARAM_PREFIX = 'mcp-param-';

function readModernHeaders(headers: Headers): ModernHeaders {
  const params: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (name.startsWith(PARAM_PREFIX)) params[name.slice(PARAM_PREFIX.length)] = value;
  });
  return {
    protocolVersion: headers.get('mcp-protocol-version') ?? undefined,
    method: headers.get('mcp-method') ?? undefined,
    name: headers.get('mcp-name') ?? undefined,
    params,
  };
}

/**
 * One modern request on the fetch handler. Its `Response` is settled by whichever comes first: the
 * first notification (an SSE stream that carries the rest and then the result) or the result (JSON).
 */
class ModernFetchCall extends StreamingModernCall {
  readonly headers: ModernHeaders;
  readonly response: Promise<Response>;
  stream: ModernFetchSseStream | undefined;
  respond!: (response: Response) => void;
  fail!: (error: unknown) => void;

  constructor(
    request: Request,
    readonly message: unknown,
    readonly authInfo: AuthInfo | undefined,
  ) {
    super(acceptsEventStream(request.headers.get('accept')));
    this.headers = readModernHeaders(request.headers);
    this.response = new Promise<Response>((resolve, reject) => {
      this.respond = resolve;
      this.fail = reject;
    });
  }

  /** Answers with the SSE stream once it is made. */
  protected openStream(): ModernFetchSseStream {
    if (!this.stream) {
      this.stream = new ModernFetchSseStream(() =>
        this.abort.abort(new Error('The client closed the request stream')),
      );
      this.respond(this.stream.response);
    }
    return this.stream;
  }
}

function replyResponse(reply: ModernReply): Response {
  if (reply.json !== undefined) return jsonResponse(reply.status, reply.json);
  if (reply.body) return jsonResponse(reply.status, JSON.stringify(reply.body), reply.retryAfterSeconds);
  return new Response(null, { status: reply.status });
}

/**
 * One modern POST on the fetch handler: plain JSON, or a streamed SSE response as soon as the handler
 * sends a notification. The request's abort signal (the client went away) cancels the call.
 */
export function serveModernFetch(
  handler: ModernProtocolHandler,
  request: Request,
  message: unknown,
  authInfo: AuthInfo | undefined,
): Promise<Response> {
  const call = new ModernFetchCall(request, message, authInfo);
  const signal = request.signal;
  const clientGone = () => call.abort.abort(new Error('The client closed the request'));
  if (signal.aborted) clientGone();
  else signal.addEventListener('abort', clientGone, { once: true });
  handler.handle(call).then(
    (reply) => {
      signal.removeEventListener('abort', clientGone);
      if (call.stream) call.stream.end(reply.body);
      else call.respond(replyResponse(reply));
    },
    (error: unknown) => {
      signal.removeEventListener('abort', clientGone);
      call.stream?.end();
      call.fail(error);
    },
  );
  return call.response;
}
