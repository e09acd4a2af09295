import { randomUUID } from 'node:crypto';
import type { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import type {
  EventStore,
  Server,
  WebStandardStreamableHTTPServerTransport,
  WebStandardStreamableHTTPServerTransportOptions,
} from '@modelcontextprotocol/server';
import { JsonRpcErrorCode } from '../errors/json-rpc-error-codes.js';
import { systemClock } from '../shared/clock.js';
import type { Clock } from '../shared/clock.js';
import type { ServerLogger } from '../shared/server-logger.js';
import { LegacySession } from './legacy-session.js';
import type { LegacySessionActivity } from './legacy-session.js';
import { resolveLegacySessionOptions, sweepIntervalOf } from './legacy-session.options.js';
import type { LegacySessionOptions } from './legacy-session.options.js';
import { SessionEventLog } from './session-event-log.js';

/** Resumable legacy SSE: where stream events are kept, and the reconnection delay suggested to clients. */
export interface LegacyResumability {
  eventStore?: EventStore;
  retryMs?: number;
}

/** The SDK's session transport: the Node one behind `listen()` and `nodeHandler()`, the web one behind `fetch`. */
export type LegacyTransport = NodeStreamableHTTPServerTransport | WebStandardStreamableHTTPServerTransport;

/** The cap and idle expiry of sessions, and what they report to and measure time with. */
export interface LegacySessionBounds {
  options?: LegacySessionOptions;
  logger?: ServerLogger;
  clock?: Clock;
}

/** Why a legacy request has no session to go to; the caller writes it in its own response type. */
export interface LegacySessionRefusal {
  status: number;
  code: number;
  message: string;
  /** Set when the server is full: when to try again, for a `Retry-After` header. */
  retryAfterSeconds?: number;
}

/**
 * The session that serves a request, or why none does. The caller calls `activity.begin()` before it
 * hands the request to `transport` and `activity.end()` once the response is over.
 */
export type LegacySessionLookup<T> =
  { transport: T; activity: LegacySessionActivity } | { refusal: LegacySessionRefusal };

const silent: ServerLogger = { info() {}, warn() {}, error() {} };

/**
 * Legacy (2025-era) Streamable HTTP: one SDK transport and server per `Mcp-Session-Id`, so the push
 * model can send `elicitation/create` on the stream of the call that asked. The same bounds hold for
 * the Node and the web transport: at most `maxSessions` at once, and one with no open request or stream
 * for `idleTimeoutMs` is closed.
 */
export class LegacyHttpSessions<T extends LegacyTransport> {
  private readonly sessions = new Map<string, LegacySession<T>>();
  /** Initializations under way: they hold a slot before the SDK names their session. */
  private readonly opening = new Set<LegacySession<T>>();
  private readonly maxSessions: number;
  private readonly idleTimeoutMs: number;
  private readonly retryAfterSeconds: number;
  private readonly logger: ServerLogger;
  private readonly clock: Clock;
  private readonly sweeper: NodeJS.Timeout;
  /** Set while full, so a flood of refusals logs one line rather than one each. */
  private refusing = false;

  constructor(
    private readonly createServer: () => Server,
    private readonly createTransport: (options: WebStandardStreamableHTTPServerTransportOptions) => T,
    private readonly resumability?: LegacyResumability,
    bounds: LegacySessionBounds = {},
  ) {
    ({ maxSessions: this.maxSessions, idleTimeoutMs: this.idleTimeoutMs } = resolveLegacySessionOptions(
      bounds.options,
    ));
    this.logger = bounds.logger ?? silent;
    this.clock = bounds.clock ?? systemClock;
    const sweepMs = sweepIntervalOf(this.idleTimeoutMs);
    this.retryAfterSeconds = Math.max(1, Math.ceil(sweepMs / 1000));
    // Unref'd: an idle sweep must never keep the process alive.
    this.sweeper = setInterval(() => this.sweep(), sweepMs).unref();
  }

  get size(): number {
    return this.sessions.size;
  }

  /**
   * The transport that serves a request: its session's, or a new session's for an `initialize` while
   * there is room. Anything else is refused: an unknown session (404), no session (400), a full server (503).
   */
  async transportFor(
    sessionId: string | undefined,
    method: string | undefined,
    body: unknown,
  ): Promise<LegacySessionLookup<T>> {
    if (sessionId !== undefined) {
      const session = this.sessions.get(sessionId);
      if (session) return { transport: session.transport, activity: session };
      return {
        refusal: { status: 404, code: JsonRpcErrorCode.SessionNotFound, message: 'Session not found' },
      };
    }
    if (method !== 'POST' || !isInitialize(body)) {
      return {
        refusal: {
          status: 400,
          code: JsonRpcErrorCode.ServerError,
          message: 'Bad Request: no valid session; send initialize first',
        },
      };
    }
    if (this.sessions.size + this.opening.size >= this.maxSessions) return { refusal: this.busy() };
    const session = this.open();
    try {
      await session.server.connect(session.transport);
    } catch (error) {
      this.release(session);
      throw error;
    }
    return { transport: session.transport, activity: session };
  }

  /**
   * Closes every session idle for `idleTimeoutMs` (no request in flight, no open stream) and returns how
   * many; runs on a timer, and tests call it after moving a fake clock.
   */
  sweep(): number {
    const now = this.clock.now();
    let closed = 0;
    for (const [id, session] of this.sessions) {
      if (!session.isIdle(now, this.idleTimeoutMs)) continue;
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
    const sessions = [...this.sessions.values(), ...this.opening];
    this.sessions.clear();
    this.opening.clear();
    await Promise.allSettled(sessions.map((session) => session.server.close()));
  }

  /** A session for an `initialize`, holding a slot until the SDK names it or refuses the request. */
  private open(): LegacySession<T> {
    const server = this.createServer();
    const resumability = this.resumability;
    const events = resumability?.eventStore ? new SessionEventLog(resumability.eventStore) : undefined;
    const transport = this.createTransport({
      sessionIdGenerator: () => randomUUID(),
      ...(events ? { eventStore: events } : {}),
      ...(resumability?.retryMs !== undefined ? { retryInterval: resumability.retryMs } : {}),
      onsessioninitialized: (newId) => {
        this.opening.delete(session);
        this.sessions.set(newId, session);
      },
    });
    // A refused initialize (bad version, bad body) never becomes a session: its slot goes once it is answered.
    const session = new LegacySession(server, transport, this.clock, () => this.release(session));
    transport.onclose = () => {
      const id = transport.sessionId;
      if (id !== undefined && this.sessions.get(id) === session) this.sessions.delete(id);
      // However the session ended (DELETE, expiry, shutdown), nobody can resume its streams now.
      events
        ?.forget()
        .catch((error: unknown) => this.logger.error("dropping a legacy session's events failed", error));
    };
    this.opening.add(session);
    return session;
  }

  /** Frees the slot and server of a session still opening; a named session is left alone. */
  private release(session: LegacySession<T>): void {
    if (this.opening.delete(session)) this.closeSession(session);
  }

  private busy(): LegacySessionRefusal {
    if (!this.refusing) {
      this.refusing = true;
      this.logger.warn(
        `legacy session cap reached (${this.maxSessions} open): refusing new sessions until some close or idle out`,
      );
    }
    return {
      status: 503,
      code: JsonRpcErrorCode.ServerError,
      message: `Server busy: ${this.maxSessions} sessions are open; retry later`,
      retryAfterSeconds: this.retryAfterSeconds,
    };
  }

  private closeSession(session: LegacySession<T>): void {
    session.server
      .close()
      .catch((error: unknown) => this.logger.error('closing a legacy session failed', error));
  }
}

function isInitialize(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { method?: unknown }).method === 'initialize';
}
