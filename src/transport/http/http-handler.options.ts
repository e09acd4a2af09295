import type { IncomingMessage } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/server';
import type { HttpServerLimits } from './http-server-limits.js';
import type { LegacyResumability } from '../legacy/legacy-http-sessions.js';
import type { LegacySessionOptions } from '../legacy/legacy-session.options.js';

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
  /**
   * Cap and idle expiry of legacy (2025-era) sessions, which each hold their record and streams in
   * memory; on by default (5,000 sessions, 30 minutes). Each handler bounds its own sessions.
   */
  legacySessions?: LegacySessionOptions;
}

/** Options of `app.nodeHandler()` and `app.attach()`. */
export type NodeHandlerOptions = HttpHandlerOptions<IncomingMessage>;

/** Options of `app.fetchHandler()`. */
export type FetchHandlerOptions = HttpHandlerOptions<Request>;

/**
 * Options of `app.listen({ http })`: a handler's options, plus where its own server listens and the
 * limits of that server (a mounted handler leaves those to the server it is mounted on).
 */
export interface HttpListenOptions extends NodeHandlerOptions, HttpServerLimits {
  port?: number;
  host?: string;
}
