import type { IncomingMessage, Server as NodeHttpServer, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  localhostHostValidation,
  localhostOriginValidation,
  hostHeaderValidation,
  originValidation,
} from '@modelcontextprotocol/node';
import type { AuthInfo, Server } from '@modelcontextprotocol/server';
import { McpProtocolError } from '../errors/protocol.error.js';
import type { ServerLogger } from '../mrtr/server-logger.js';
import type { ModernProtocolHandler } from '../server/modern/modern-protocol.handler.js';
import { isLegacyHttpRequest } from './era.detector.js';
import { readJsonBody } from './http-body.reader.js';
import { createLimitedHttpServer } from './http-server.limits.js';
import type { HttpServerLimits } from './http-server.limits.js';
import { writeJsonRpcError } from './json-rpc-http.responses.js';
import { LegacyHttpSessions } from './legacy-http.sessions.js';
import type { LegacyResumability } from './legacy-http.sessions.js';
import type { LegacySessionOptions } from './legacy-session.options.js';
import { MemoryEventStore } from './memory-event.store.js';
import { serveModernExchange } from './modern-http.exchange.js';
import { rememberAccepted } from './remembered-header.check.js';
import type { RequestGuard } from './remembered-header.check.js';

export interface HttpListenOptions extends HttpServerLimits {
  port?: number;
  host?: string;
  path?: string;
  /** Host names accepted in `Host`/`Origin`; defaults to localhost names (DNS-rebinding protection). */
  allowedHosts?: string[];
  maxBodyBytes?: number;
  /** Resolves the caller's credentials, e.g. from a bearer token; its result reaches `ctx.authInfo`. */
  authenticate?: (request: IncomingMessage) => Promise<AuthInfo | undefined> | AuthInfo | undefined;
  /**
   * Resumable SSE for legacy (2025-11-25) sessions: an event id on every message, a priming event with a
   * `retry` hint, and replay after `Last-Event-ID`. On by default with an in-memory store and a 1 s retry;
   * `false` turns it off.
   */
  resumability?: false | LegacyResumability;
  /** Cap and idle expiry of legacy (2025-era) sessions; on by default (5,000 sessions, 30 minutes). */
  legacySessions?: LegacySessionOptions;
}

/** How long a legacy client waits before it reconnects to a stream the server closed. */
const DEFAULT_RETRY_MS = 1_000;

export interface HttpTransportDependencies {
  modern: ModernProtocolHandler;
  createLegacyServer: () => Server;
  logger: ServerLogger;
}

/** A running Streamable HTTP endpoint serving both eras. */
export class HttpTransport {
  readonly legacySessions: LegacyHttpSessions;
  private readonly hostCheck: RequestGuard;
  private readonly originCheck: RequestGuard;
  private readonly path: string;
  private readonly maxBodyBytes: number;
  private server: NodeHttpServer | undefined;

  constructor(
    private readonly dependencies: HttpTransportDependencies,
    private readonly options: HttpListenOptions,
  ) {
    this.legacySessions = new LegacyHttpSessions(
      dependencies.createLegacyServer,
      options.resumability === false
        ? undefined
        : {
            eventStore: options.resumability?.eventStore ?? new MemoryEventStore(),
            retryMs: options.resumability?.retryMs ?? DEFAULT_RETRY_MS,
          },
      { ...(options.legacySessions ? { options: options.legacySessions } : {}), logger: dependencies.logger },
    );
    this.path = options.path ?? '/mcp';
    this.maxBodyBytes = options.maxBodyBytes ?? 4 * 1024 * 1024;
    this.hostCheck = rememberAccepted(
      'host',
      options.allowedHosts ? hostHeaderValidation(options.allowedHosts) : localhostHostValidation(),
    );
    this.originCheck = rememberAccepted(
      'origin',
      options.allowedHosts ? originValidation(options.allowedHosts) : localhostOriginValidation(),
    );
  }

  async listen(): Promise<{ url: string; port: number }> {
    const server = createLimitedHttpServer(this.options, (request, response) =>
      this.serve(request, response),
    );
    this.server = server;
    const host = this.options.host ?? '127.0.0.1';
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port ?? 3000, host, () => resolve());
    });
    const port = (server.address() as AddressInfo).port;
    const shownHost = host.includes(':') ? `[${host}]` : host;
    return { url: `http://${shownHost}:${port}${this.path}`, port };
  }

  async close(): Promise<void> {
    await this.legacySessions.closeAll();
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Checks the request, reads its body, and hands it to a leg; never throws or rejects. */
  private serve(request: IncomingMessage & { auth?: AuthInfo }, response: ServerResponse): void {
    try {
      const url = request.url ?? '/';
      const pathEnd = url.indexOf('?');
      if ((pathEnd < 0 ? url : url.slice(0, pathEnd)) !== this.path) {
        writeJsonRpcError(response, 404, -32601, 'Not found');
        return;
      }
      if (!this.hostCheck(request, response) || !this.originCheck(request, response)) return;
      if (this.options.authenticate) {
        this.authenticate(request, response).catch((error: unknown) => this.failed(response, error));
        return;
      }
      this.readThenRoute(request, response);
    } catch (error) {
      this.failed(response, error);
    }
  }

  private async authenticate(
    request: IncomingMessage & { auth?: AuthInfo },
    response: ServerResponse,
  ): Promise<void> {
    try {
      request.auth = await this.options.authenticate!(request);
    } catch (error) {
      // A refusal from `authenticate` is the caller's problem, not a server failure.
      const refusal = error instanceof McpProtocolError ? error : undefined;
      writeJsonRpcError(
        response,
        refusal?.httpStatus ?? 401,
        refusal?.rpcCode ?? -32001,
        refusal?.message ?? 'Unauthorized',
      );
      return;
    }
    this.readThenRoute(request, response);
  }

  private readThenRoute(request: IncomingMessage & { auth?: AuthInfo }, response: ServerResponse): void {
    if (request.method !== 'POST') {
      this.route(request, response, undefined);
      return;
    }
    readJsonBody(request, this.maxBodyBytes, (failure, body) => {
      if (failure) writeJsonRpcError(response, failure.httpStatus ?? 400, failure.rpcCode, failure.message);
      else this.route(request, response, body);
    });
  }

  private route(
    request: IncomingMessage & { auth?: AuthInfo },
    response: ServerResponse,
    body: unknown,
  ): void {
    try {
      let served: Promise<void>;
      if (isLegacyHttpRequest(request, body)) {
        served = this.legacySessions.handle(request, response, body);
      } else if (request.method === 'POST') {
        served = serveModernExchange(this.dependencies.modern, request, response, body);
      } else {
        response.writeHead(405, { allow: 'POST' }).end();
        return;
      }
      served.catch((error: unknown) => this.failed(response, error));
    } catch (error) {
      this.failed(response, error);
    }
  }

  /** A failure no leg answered: logged, and a 500 if the response has not started. */
  private failed(response: ServerResponse, error: unknown): void {
    try {
      this.dependencies.logger.error('HTTP request failed', error);
      if (!response.headersSent) writeJsonRpcError(response, 500, -32603, 'Internal error');
      else response.end();
    } catch {
      // The connection is gone; nothing is left to answer.
    }
  }
}
