import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/server';
import type { LegacyHttpHandler, LegacyHttpRequest } from './legacy-http.handler.js';
import { NodeLegacyReply } from './legacy-http-reply.js';

/** One legacy request on Node, served by Elicitor's own sessions. */
export function serveLegacyExchange(
  handler: LegacyHttpHandler,
  request: IncomingMessage & { auth?: AuthInfo | undefined },
  response: ServerResponse,
  body: unknown,
): void {
  handler.serve(new NodeLegacyRequest(request, body), new NodeLegacyReply(response));
}

class NodeLegacyRequest implements LegacyHttpRequest {
  readonly method: string | undefined;
  readonly authInfo: AuthInfo | undefined;

  constructor(
    private readonly request: IncomingMessage & { auth?: AuthInfo | undefined },
    readonly body: unknown,
  ) {
    this.method = request.method;
    this.authInfo = request.auth;
  }

  header(name: string): string | undefined {
    const value = this.request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  }
}
