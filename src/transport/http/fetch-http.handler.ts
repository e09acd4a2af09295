import type { AuthInfo } from '@modelcontextprotocol/server';
import { JsonRpcErrorCode } from '../../errors/json-rpc-error-codes.js';
import { McpProtocolError } from '../../errors/protocol.error.js';
import { authFailureReply, protectedResourceReply } from '../auth/auth-reply.js';
import { authReplyResponse } from '../auth/auth-reply.formatter.js';
import { isProtectedResourcePath } from '../auth/protected-resource-endpoint.js';
import { resourceUrlOf } from '../auth/protected-resource.metadata.js';
import type { ProtectedResourceOptions } from '../auth/protected-resource.metadata.js';
import { isLegacyHttpRequest } from './era-detector.js';
import { checkHostHeader, checkOriginHeader } from './host-origin.check.js';
import type { HttpEndpointDependencies } from './http-endpoint-dependencies.js';
import type { HttpEndpointSettings } from './http-endpoint-settings.js';
import { createHttpEndpoint } from './http-endpoint.factory.js';
import type { FetchHandlerOptions } from './http-handler.options.js';
import { serveLegacyFetch } from '../legacy/legacy-fetch-exchange.js';
import type { LegacyHttpSessions } from '../legacy/legacy-http-sessions.js';
import type { LegacyHttpHandler } from '../legacy/legacy-http.handler.js';
import { serveModernFetch } from '../modern/modern-fetch-exchange.js';
import { readWebJsonBody } from './web-body.reader.js';
import { jsonRpcErrorResponse } from './web-json-responses.js';

/** A web-standard request handler: `Request` in, `Response` out (Hono, Bun, Deno, workerd). */
export type FetchRequestHandler = (request: Request) => Promise<Response>;

/**
 * Streamable HTTP for both eras on web-standard `Request`/`Response`, with the same checks as the Node
 * handler: path, Host/Origin, `authenticate`, the body limit. Modern requests go to the modern leg;
 * legacy requests to Elicitor's own sessions, whose SSE responses stream.
 */
export class FetchHttpHandler {
  private readonly settings: HttpEndpointSettings;
  private readonly legacySessions: LegacyHttpSessions;
  private readonly legacyHandler: LegacyHttpHandler;
  /** Set when `authenticate` is `bearerAuth()`: the metadata document to serve and point to. */
  private readonly protectedResource: ProtectedResourceOptions | undefined;

  constructor(
    private readonly dependencies: HttpEndpointDependencies,
    private readonly options: FetchHandlerOptions,
  ) {
    ({
      settings: this.settings,
      legacySessions: this.legacySessions,
      legacyHandler: this.legacyHandler,
      protectedResource: this.protectedResource,
    } = createHttpEndpoint(dependencies, options));
  }

  /** Never rejects: a failure no leg answered is logged and becomes a 500. */
  readonly handle: FetchRequestHandler = async (request) => {
    try {
      return await this.serve(request);
    } catch (error) {
      if (error instanceof McpProtocolError) {
        return jsonRpcErrorResponse(error.httpStatus, error.rpcCode, error.message);
      }
      try {
        this.dependencies.logger.error('HTTP request failed', error);
      } catch {
        // A logger that throws must not turn the 500 into a rejection.
      }
      return jsonRpcErrorResponse(500, JsonRpcErrorCode.InternalError, 'Internal error');
    }
  };

  /** Open legacy sessions; not public API, read by tests and the reliability suite. */
  get legacySessionCount(): number {
    return this.legacySessions.size;
  }

  close(): Promise<void> {
    return this.legacySessions.closeAll();
  }

  private async serve(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname !== this.settings.path) {
      const options = this.protectedResource;
      if (options && isProtectedResourcePath(url.pathname, this.settings.path)) {
        const refusedHost = this.refusedHost(request, url);
        if (refusedHost) return refusedHost;
        return authReplyResponse(protectedResourceReply(request.method, options, this.resourceOf(url)));
      }
      return jsonRpcErrorResponse(404, JsonRpcErrorCode.ServerError, 'Not found');
    }
    const refused = this.refusedHost(request, url);
    if (refused) return refused;
    const authInfo = await this.authenticate(request, url);
    if (authInfo instanceof Response) return authInfo;
    const body =
      request.method === 'POST' ? await readWebJsonBody(request, this.settings.maxBodyBytes) : undefined;
    const sessionId = request.headers.get('mcp-session-id');
    if (isLegacyHttpRequest(request.method, sessionId, request.headers.get('mcp-protocol-version'), body)) {
      return serveLegacyFetch(this.legacyHandler, request, body, authInfo);
    }
    if (request.method === 'POST') return serveModernFetch(this.dependencies.modern, request, body, authInfo);
    return new Response(null, { status: 405, headers: { allow: 'POST' } });
  }

  /** DNS-rebinding protection; a host that omits `Host` (some web runtimes) is judged by the URL. */
  private refusedHost(request: Request, url: URL): Response | undefined {
    const allowed = this.settings.allowedHosts;
    const host = checkHostHeader(request.headers.get('host') ?? url.host, allowed);
    const checked = host.ok ? checkOriginHeader(request.headers.get('origin'), allowed) : host;
    if (checked.ok) return undefined;
    return jsonRpcErrorResponse(403, JsonRpcErrorCode.ServerError, checked.message);
  }

  private async authenticate(request: Request, url: URL): Promise<AuthInfo | undefined | Response> {
    if (!this.options.authenticate) return undefined;
    try {
      return await this.options.authenticate(request);
    } catch (error) {
      // A refusal from `authenticate` is the caller's problem, not a server failure.
      if (error instanceof McpProtocolError && error.httpStatus >= 500) {
        this.dependencies.logger.error('authentication is unavailable', error);
      }
      return authReplyResponse(authFailureReply(error, this.protectedResource && this.resourceOf(url)));
    }
  }

  private resourceOf(url: URL): URL {
    return resourceUrlOf(this.protectedResource!, url.origin, this.settings.path);
  }
}
