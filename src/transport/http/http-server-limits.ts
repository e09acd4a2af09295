import { createServer } from 'node:http';
import type { RequestListener, Server as NodeHttpServer } from 'node:http';

/** Timeouts and a connection limit for the HTTP server `listen()` creates. */
export interface HttpServerLimits {
  /** Time a client has to send the request headers; slow-header (Slowloris) connections are dropped. Default 20 s. */
  headersTimeoutMs?: number;
  /** Time a client has to send a whole request, body included; not a limit on how long a response streams. Default 60 s. */
  requestTimeoutMs?: number;
  /** How long an idle keep-alive connection stays open; keep it above your load balancer's. Default 5 s. */
  keepAliveTimeoutMs?: number;
  /** Open connections at most; further ones are closed at once. Default: no limit. */
  maxConnections?: number;
}

export const DEFAULT_HEADERS_TIMEOUT_MS = 20_000;
export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 5_000;

/** Creates a `node:http` server with the limits applied, refusing nonsensical values at start-up. */
export function createLimitedHttpServer(limits: HttpServerLimits, listener: RequestListener): NodeHttpServer {
  const headersTimeout = positive('headersTimeoutMs', limits.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS);
  const requestTimeout = positive('requestTimeoutMs', limits.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS);
  const keepAliveTimeout = positive(
    'keepAliveTimeoutMs',
    limits.keepAliveTimeoutMs ?? DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
  );
  if (headersTimeout > requestTimeout) {
    throw new RangeError(
      `http.headersTimeoutMs (${headersTimeout}) must not exceed http.requestTimeoutMs (${requestTimeout})`,
    );
  }
  const server = createServer(
    {
      headersTimeout,
      requestTimeout,
      // Node checks both timeouts on this interval (30 s by default), which would let short ones overrun.
      connectionsCheckingInterval: Math.min(30_000, Math.max(25, Math.floor(headersTimeout / 4))),
    },
    listener,
  );
  server.keepAliveTimeout = keepAliveTimeout;
  if (limits.maxConnections !== undefined) {
    if (!Number.isInteger(limits.maxConnections) || limits.maxConnections < 1) {
      throw new RangeError(`http.maxConnections must be a positive integer, got ${limits.maxConnections}`);
    }
    server.maxConnections = limits.maxConnections;
  }
  return server;
}

function positive(name: string, value: number): number {
  if (!Number.isFinite(value) || value <= 0)
    throw new RangeError(`http.${name} must be a positive number, got ${value}`);
  return value;
}
