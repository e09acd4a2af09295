import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/server';
import { JsonRpcErrorCode } from '../../errors/json-rpc-error-codes.js';
import { McpProtocolError } from '../../errors/protocol.error.js';
import { authFailureReply, protectedResourceReply } from '../auth/auth-reply.js';
import { writeAuthReply } from '../auth/auth-reply.formatter.js';
import { isProtectedResourcePath, originOf } from '../auth/protected-resource-endpoint.js';
import { resourceUrlOf } from '../auth/protected-resource.metadata.js';
import type { ProtectedResourceOptions } from '../auth/protected-resource.metadata.js';
import { isLegacyHttpRequest } from './era-detector.js';
import { hostGuard, originGuard } from './host-origin.check.js';
import { bodyTooLarge, readJsonBody } from './http-body.reader.js';
import type { HttpEndpointDependencies } from './http-endpoint-dependencies.js';
import { pathOf } from './http-endpoint-settings.js';
import type { HttpEndpointSettings } from './http-endpoint-settings.js';
import { createHttpEndpoint } from './http-endpoint.factory.js';
import type { NodeHandlerOptions } from './http-handler.options.js';
import { writeJsonRpcError } from './json-rpc-http-responses.js';
import { serveLegacyExchange } from '../legacy/legacy-http-exchange.js';
import type { LegacyHttpSessions } from '../legacy/legacy-http-sessions.js';
import type { LegacyHttpHandler } from '../legacy/legacy-http.handler.js';
import { serveModernExchange } from '../modern/modern-http-exchange.js';
import { rememberAccepted } from './accepted-header-cache.js';
import type { RequestGuard } from './accepted-header-cache.js';

type CallerRequest = IncomingMessage & { auth?: AuthInfo | undefined; originalUrl?: string; body?: unknown };
type Done = (() => void) | undefined;

/**
 * A Node request handler to mount anywhere. The third argument is a body a framework already parsed
 * (Fastify's `request.body`), or Express's `next`: then `req.body` is used when `express.json()` read
 * the stream, and requests for other paths go on to the next handler. Resolves once the request is served.
 */
export type NodeRequestHandler = (
  request: IncomingMessage,
  response: ServerResponse,
  parsedBodyOrNext?: unknown,
) => Promise<void>;

/**
 * Streamable HTTP for both eras on Node: the path, Host/Origin and `authenticate` checks, the body limit,
 * then the modern leg or the legacy sessions. `listener` serves a server of its own; `handle` is the
 * mountable form. Both run the same code; `listener` adds no promise and no allocation per request.
 */
export class NodeHttpHandler {
  private readonly settings: HttpEndpointSettings;
  private readonly legacySessions: LegacyHttpSessions;
  private readonly legacyHandler: LegacyHttpHandler;
  private readonly hostCheck: RequestGuard;
  private readonly originCheck: RequestGuard;
  /** Set when `authenticate` is `bearerAuth()`: the metadata document to serve and point to. */
  private readonly protectedResource: ProtectedResourceOptions | undefined;

  constructor(
    private readonly dependencies: HttpEndpointDependencies,
    private readonly options: NodeHandlerOptions,
  ) {
    ({
      settings: this.settings,
      legacySessions: this.legacySessions,
      legacyHandler: this.legacyHandler,
      protectedResource: this.protectedResource,
    } = createHttpEndpoint(dependencies, options));
    this.hostCheck = rememberAccepted('host', hostGuard(this.settings.allowedHosts));
    this.originCheck = rememberAccepted('origin', originGuard(this.settings.allowedHosts));
  }

  get path(): string {
    return this.settings.path;
  }

  /** Open legacy sessions; not public API, read by tests and the reliability suite. */
  get legacySessionCount(): number {
    return this.legacySessions.size;
  }

  /** The `request` listener of a server of its own; never throws or rejects. */
  readonly listener = (request: IncomingMessage, response: ServerResponse): void => {
    this.serve(request, response, undefined, undefined);
  };

  readonly handle: NodeRequestHandler = (request, response, parsedBodyOrNext) => {
    let parsedBody = parsedBodyOrNext;
    if (typeof parsedBodyOrNext === 'function') {
      if (this.servedMetadata(request, response)) return Promise.resolve();
      if (!this.ownsPath(request)) {
        (parsedBodyOrNext as () => void)();
        return Promise.resolve();
      }
      parsedBody = undefined;
    }
    const body = parsedBody ?? bodyParsedBefore(request);
    return new Promise((resolve) => this.serve(request, response, body, resolve));
  };

  /** Whether a request is for this endpoint's path (Express's `originalUrl` when mounted under a prefix). */
  ownsPath(request: IncomingMessage): boolean {
    return pathOf((request as CallerRequest).originalUrl ?? request.url ?? '/') === this.settings.path;
  }

  /** Whether a request is this endpoint's: its path, or a well-known path of its metadata document. */
  owns(request: IncomingMessage): boolean {
    if (this.ownsPath(request)) return true;
    const path = pathOf((request as CallerRequest).originalUrl ?? request.url ?? '/');
    return this.protectedResource !== undefined && isProtectedResourcePath(path, this.settings.path);
  }

  close(): Promise<void> {
    return this.legacySessions.closeAll();
  }

  /** Checks the request, reads its body, and hands it to a leg; never throws or rejects. */
  private serve(request: CallerRequest, response: ServerResponse, parsedBody: unknown, done: Done): void {
    try {
      if (!this.ownsPath(request)) {
        if (!this.servedMetadata(request, response)) {
          writeJsonRpcError(response, 404, JsonRpcErrorCode.ServerError, 'Not found');
        }
        done?.();
        return;
      }
      if (!this.hostCheck(request, response) || !this.originCheck(request, response)) {
        done?.();
        return;
      }
      if (this.options.authenticate) {
        this.authenticate(request, response, parsedBody, done).catch((error: unknown) =>
          this.failed(response, error, done),
        );
        return;
      }
      this.readThenRoute(request, response, parsedBody, done);
    } catch (error) {
      this.failed(response, error, done);
    }
  }

  private async authenticate(
    request: CallerRequest,
    response: ServerResponse,
    parsedBody: unknown,
    done: Done,
  ): Promise<void> {
    try {
      request.auth = await this.options.authenticate!(request);
    } catch (error) {
      // A refusal from `authenticate` is the caller's problem, not a server failure.
      if (error instanceof McpProtocolError && error.httpStatus >= 500) {
        this.dependencies.logger.error('authentication is unavailable', error);
      }
      const resource = this.protectedResource && this.resourceOf(request);
      writeAuthReply(response, authFailureReply(error, resource));
      done?.();
      return;
    }
    this.readThenRoute(request, response, parsedBody, done);
  }

  /** Serves the protected-resource metadata document at its well-known paths; whether it answered. */
  private servedMetadata(request: CallerRequest, response: ServerResponse): boolean {
    const options = this.protectedResource;
    if (!options) return false;
    if (!isProtectedResourcePath(pathOf(request.originalUrl ?? request.url ?? '/'), this.settings.path)) {
      return false;
    }
    if (this.hostCheck(request, response)) {
      writeAuthReply(response, protectedResourceReply(request.method, options, this.resourceOf(request)));
    }
    return true;
  }

  private resourceOf(request: IncomingMessage): URL {
    return resourceUrlOf(this.protectedResource!, originOf(request), this.settings.path);
  }

  private readThenRoute(
    request: CallerRequest,
    response: ServerResponse,
    parsedBody: unknown,
    done: Done,
  ): void {
    if (request.method !== 'POST') {
      this.route(request, response, undefined, done);
      return;
    }
    if (parsedBody !== undefined) {
      // The host parsed it under its own limit; the declared length still answers to ours.
      if (Number(request.headers['content-length']) > this.settings.maxBodyBytes) {
        this.refuse(response, bodyTooLarge(this.settings.maxBodyBytes), done);
      } else {
        this.route(request, response, parsedBody, done);
      }
      return;
    }
    if (request.readableEnded) {
      this.failed(response, new Error(BODY_ALREADY_READ), done);
      return;
    }
    readJsonBody(request, this.settings.maxBodyBytes, (failure, body) => {
      if (failure) this.refuse(response, failure, done);
      else this.route(request, response, body, done);
    });
  }

  private route(request: CallerRequest, response: ServerResponse, body: unknown, done: Done): void {
    try {
      const headers = request.headers;
      if (
        isLegacyHttpRequest(request.method, headers['mcp-session-id'], headers['mcp-protocol-version'], body)
      ) {
        serveLegacyExchange(this.legacyHandler, request, response, body);
        // Served once the response is over: an SSE answer lasts as long as its call.
        if (done) {
          if (response.closed) done();
          else response.once('close', done);
        }
      } else if (request.method === 'POST') {
        const served = serveModernExchange(
          this.dependencies.modern,
          request,
          response,
          body,
          this.exchangeFailed,
        );
        // It never rejects: only a caller waiting for the end needs to hear of it.
        if (done) served.then(done, done);
      } else {
        response.writeHead(405, { allow: 'POST' }).end();
        done?.();
      }
    } catch (error) {
      this.failed(response, error, done);
    }
  }

  private refuse(response: ServerResponse, failure: McpProtocolError, done: Done): void {
    writeJsonRpcError(response, failure.httpStatus, failure.rpcCode, failure.message);
    done?.();
  }

  private readonly exchangeFailed = (response: ServerResponse, error: unknown): void =>
    this.failed(response, error, undefined);

  /** A failure no leg answered: logged, and a 500 if the response has not started. */
  private failed(response: ServerResponse, error: unknown, done: Done): void {
    try {
      this.dependencies.logger.error('HTTP request failed', error);
    } catch {
      // A logger that throws must not leave the request unanswered.
    }
    try {
      if (!response.headersSent) {
        writeJsonRpcError(response, 500, JsonRpcErrorCode.InternalError, 'Internal error');
      } else response.end();
    } catch {
      // The connection is gone; nothing is left to answer.
    }
    done?.();
  }
}

const BODY_ALREADY_READ =
  'the request body was read before Elicitor got the request: pass the parsed body as the third argument of the handler';

/** A body parsed by middleware that consumed the stream (`express.json()` sets `req.body`). */
function bodyParsedBefore(request: CallerRequest): unknown {
  return request.readableEnded ? request.body : undefined;
}
