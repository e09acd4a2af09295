import type { IncomingMessage } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/server';
import type { LegacyResumability } from './legacy-http.sessions.js';

/**
 * How an HTTP endpoint checks and serves requests, whoever owns the server: `listen()`, a Node handler
 * mounted in Express or Fastify, a fetch handler, or `attach()`. `TRequest` is what `authenticate` is
 * given: an `IncomingMessage` on Node, a web `Request` for the fetch handler.
 */
export interface HttpHandlerOptions<TRequest = IncomingMessage> {
  /** The endpoint's path; other paths get 404 (or the host's next handler). Default `/mcp`. */
  path?: string;
  /** Host names accepted in `Host`/`Origin`; defaults to localhost names (DNS-rebinding protection). */
  allowedHosts?: string[];
  /** Largest request body accepted; larger ones get 413. Default 4 MiB. */
  maxBodyBytes?: number;
  /** Resolves the caller's credentials, e.g. from a bearer token; its result reaches `ctx.authInfo`. */
  authenticate?: (request: TRequest) => Promise<AuthInfo | undefined> | AuthInfo | undefined;
  /**
   * Resumable SSE for legacy (2025-11-25) sessions: an event id on every message, a priming event with a
   * `retry` hint, and replay after `Last-Event-ID`. On by default with an in-memory store and a 1 s retry;
   * `false` turns it off.
   */
  resumability?: false | LegacyResumability;
}

/** Options of `app.nodeHandler()` and `app.attach()`. */
export type NodeHandlerOptions = HttpHandlerOptions<IncomingMessage>;

/** Options of `app.fetchHandler()`. */
export type FetchHandlerOptions = HttpHandlerOptions<Request>;

/** Options of `app.listen({ http })`: a handler's options plus where its own server listens. */
export interface HttpListenOptions extends NodeHandlerOptions {
  port?: number;
  host?: string;
}
