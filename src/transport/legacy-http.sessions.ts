import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import type { AuthInfo, EventStore, Server } from '@modelcontextprotocol/server';
import { JsonRpcErrorCode } from '../errors/json-rpc-error-codes.js';
import { systemClock } from '../mrtr/clock.js';
import type { Clock } from '../mrtr/clock.js';
import type { ServerLogger } from '../mrtr/server-logger.js';
import { writeJsonRpcError } from './json-rpc-http.responses.js';
import { resolveLegacySessionOptions, sweepIntervalOf } from './legacy-session.options.js';
import { SessionEventLog } from './session-event.log.js';
import type { LegacySessionOptions } from './legacy-session.options.js';

/** Resumable legacy SSE: where stream events are kept, and the reconnection delay suggested to clients. */
export interface LegacyResumability {
  eventStore?: EventStore;
  retryMs?: number;
}

/** The cap and idle expiry of sessions, and what they report to and measure time with. */
export interface LegacySessionBounds {
  options?: LegacySessionOptions;
  logger?: ServerLogger;
  clock?: Clock;
}

interface Session {
  transport: NodeStreamableHTTPServerTransport;
  server: Server;
  /** This session's streams in the shared event store, dropped when the session ends. */
  events: SessionEventLog | undefined;
  /** Requests of this session whose response is still open (a GET stream counts until it closes). */
  openRequests: number;
  lastActivityMs: number;
}

const silent: ServerLogger = { info() {}, warn() {}, error() {} };

/**
 * Legacy (2025-era) Streamable HTTP: one SDK transport and server per `Mcp-Session-Id`, so the push
 * model can send `elicitation/create` on the stream of the call that asked. Sessions are bounded: at
 * most `maxSessions` at once, and one with no open request or stream for `idleTimeoutMs` is closed.
 */
export class LegacyHttpSessions {
  private readonly sessions = new Map<string, Session>();
  private readonly maxSessions: number;
  private readonly idleTimeoutMs: number;
  private readonly retryAfterSeconds: string;
  private readonly logger: ServerLogger;
  private readonly clock: Clock;
  private readonly sweeper: NodeJS.Timeout;
  /** Initializations under way: they hold a slot before the SDK names their session. */
  private opening = 0;
  /** Set while full, so a flood of refusals logs one line rather than one each. */
  private refusing = false;

  constructor(
    private readonly createServer: () => Server,
    private readonly resumability?: LegacyResumability,
    bounds: LegacySessionBounds = {},
  ) {
    ({ maxSessions: this.maxSessions, idleTimeoutMs: this.idleTimeoutMs } = resolveLegacySessionOptions(
      bounds.options,
    ));
    this.logger = bounds.logger ?? silent;
    this.clock = bounds.clock ?? systemClock;
    const sweepMs = sweepIntervalOf(this.idleTimeoutMs);
    this.retryAfterSeconds = String(Math.max(1, Math.ceil(sweepMs / 1000)));
    // Unref'd: an idle sweep must never keep the process alive.
    this.sweeper = setInterval(() => this.sweep(), sweepMs).unref();
  }

  get size(): number {
    return this.sessions.size;
  }

  async handle(
    request: IncomingMessage & { auth?: AuthInfo },
    response: ServerResponse,
    body: unknown,
  ): Promise<void> {
    const sessionId = request.headers['mcp-session-id'];
    const id = Array.isArray(sessionId) ? sessionId[0] : sessionId;
    if (id !== undefined) {
      const session = this.sessions.get(id);
      if (!session) {
        writeJsonRpcError(response, 404, JsonRpcErrorCode.SessionNotFound, 'Session not found');
        return;
      }
      this.track(session, response);
      await session.transport.handleRequest(request, response, body);
      return;
    }
    if (request.method !== 'POST' || !isInitialize(body)) {
      writeJsonRpcError(
        response,
        400,
        JsonRpcErrorCode.ServerError,
        'Bad Request: no valid session; send initialize first',
      );
      return;
    }
    if (this.sessions.size + this.opening >= this.maxSessions) {
      this.refuse(response);
      return;
    }
    await this.open(request, response, body);
  }

  /**
   * Closes every session idle for `idleTimeoutMs` (no request in flight, no open stream) and returns how
   * many; runs on a timer, and tests call it after moving a fake clock.
   */
  sweep(): number {
    const now = this.clock.now();
    let closed = 0;
    for (const [id, session] of this.sessions) {
      if (session.openRequests > 0 || now - session.lastActivityMs < this.idleTimeoutMs) continue;
      this.sessions.delete(id);
      closed++;
      this.closeSession(session);
    }
    if (closed > 0) this.logger.info(`closed ${closed} idle legacy session(s); ${this.sessions.size} open`);
    if (this.sessions.size < this.maxSessions) this.refusing = false;
    return closed;
  }

  async closeAll(): Promise<void> {
    clearInterval(this.sweeper);
    const sessions = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.allSettled(sessions.map((session) => session.server.close()));
  }

  private async open(request: IncomingMessage, response: ServerResponse, body: unknown): Promise<void> {
    this.opening++;
    let named = false;
    const server = this.createServer();
    const resumability = this.resumability;
    const events = resumability?.eventStore ? new SessionEventLog(resumability.eventStore) : undefined;
    const transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      ...(events ? { eventStore: events } : {}),
      ...(resumability?.retryMs !== undefined ? { retryInterval: resumability.retryMs } : {}),
      onsessioninitialized: (newId) => {
        named = true;
        this.opening--;
        this.sessions.set(newId, session);
      },
    });
    const session: Session = { transport, server, events, openRequests: 0, lastActivityMs: this.clock.now() };
    transport.onclose = () => {
      const id = transport.sessionId;
      if (id !== undefined && this.sessions.get(id) === session) this.sessions.delete(id);
      // However the session ended (DELETE, expiry, shutdown), nobody can resume its streams now.
      events
        ?.forget()
        .catch((error: unknown) => this.logger.error("dropping a legacy session's events failed", error));
    };
    try {
      await server.connect(transport);
      this.track(session, response);
      await transport.handleRequest(request, response, body);
    } finally {
      if (!named) {
        // A refused initialize (bad version, bad body) never became a session: free its slot and server.
        this.opening--;
        this.closeSession(session);
      }
    }
  }

  /** Counts the response as an open stream until it closes; both ends count as activity. */
  private track(session: Session, response: ServerResponse): void {
    session.openRequests++;
    session.lastActivityMs = this.clock.now();
    response.once('close', () => {
      session.openRequests--;
      session.lastActivityMs = this.clock.now();
    });
  }

  private refuse(response: ServerResponse): void {
    if (!this.refusing) {
      this.refusing = true;
      this.logger.warn(
        `legacy session cap reached (${this.maxSessions} open): refusing new sessions until some close or idle out`,
      );
    }
    response.setHeader('retry-after', this.retryAfterSeconds);
    writeJsonRpcError(
      response,
      503,
      JsonRpcErrorCode.ServerError,
      `Server busy: ${this.maxSessions} sessions are open; retry later`,
    );
  }

  private closeSession(session: Session): void {
    session.server
      .close()
      .catch((error: unknown) => this.logger.error('closing a legacy session failed', error));
  }
}

function isInitialize(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { method?: unknown }).method === 'initialize';
}
