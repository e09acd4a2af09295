import { randomUUID } from 'node:crypto';
import { JsonRpcErrorCode } from '../errors/json-rpc-error-codes.js';
import type { LegacyProtocolHandler } from '../server/legacy/legacy-protocol.handler.js';
import type { LegacySessionRecord } from '../server/legacy/legacy-session-record.types.js';
import { systemClock } from '../shared/clock.js';
import type { Clock } from '../shared/clock.js';
import type { ServerLogger } from '../shared/server-logger.js';
import { LegacySession } from './legacy-session.js';
import type { LegacyResumability } from './legacy-session.js';
import { resolveLegacySessionOptions, sweepIntervalOf } from './legacy-session.options.js';
import type { LegacySessionOptions } from './legacy-session.options.js';

export type { LegacyResumability } from './legacy-session.js';

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

const silent: ServerLogger = { info() {}, warn() {}, error() {} };

/**
 * Legacy (2025-era) Streamable HTTP sessions of one endpoint, by `Mcp-Session-Id`: at most `maxSessions`
 * at once, and one with no open request or stream for `idleTimeoutMs` is closed. The same for the Node
 * and the fetch handler.
 */
export class LegacyHttpSessions {
  private readonly sessions = new Map<string, LegacySession>();
  private readonly maxSessions: number;
  private readonly idleTimeoutMs: number;
  private readonly retryAfterSeconds: number;
  private readonly logger: ServerLogger;
  private readonly clock: Clock;
  private readonly sweeper: NodeJS.Timeout;
  /** Set while full, so a flood of refusals logs one line rather than one each. */
  private refusing = false;

  constructor(
    readonly legacy: LegacyProtocolHandler,
    readonly resumability?: LegacyResumability,
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

  /** The session of a request's `Mcp-Session-Id`, or why there is none (404 for an unknown or expired id). */
  find(sessionId: string): LegacySession | LegacySessionRefusal {
    return (
      this.sessions.get(sessionId) ?? {
        status: 404,
        code: JsonRpcErrorCode.SessionNotFound,
        message: 'Session not found',
      }
    );
  }

  /** A new id, or the refusal of a full server (503 with `Retry-After`). */
  reserve(): string | LegacySessionRefusal {
    return this.sessions.size >= this.maxSessions ? this.busy() : randomUUID();
  }

  /** Opens the session `initialize` settled. */
  open(record: LegacySessionRecord): LegacySession {
    const session = new LegacySession(record.id, this.clock, this.resumability);
    session.connection = this.legacy.connect(record, session);
    this.sessions.set(record.id, session);
    return session;
  }

  /** Ends one session (DELETE): its calls are aborted, its streams end, its events go. */
  async close(session: LegacySession, reason = 'the session was deleted'): Promise<void> {
    if (this.sessions.get(session.id) === session) this.sessions.delete(session.id);
    this.legacy.disconnect(session.connection, reason);
    try {
      await session.close();
    } catch (error) {
      this.logger.error("dropping a legacy session's events failed", error);
    }
  }

  /**
   * Closes every session idle for `idleTimeoutMs` (no request in flight, no open stream) and returns how
   * many; runs on a timer, and tests call it after moving a fake clock.
   */
  sweep(): number {
    const now = this.clock.now();
    let closed = 0;
    for (const session of this.sessions.values()) {
      if (!session.isIdle(now, this.idleTimeoutMs)) continue;
      closed++;
      void this.close(session, 'the session expired');
    }
    if (closed > 0) this.logger.info(`closed ${closed} idle legacy session(s); ${this.sessions.size} open`);
    if (this.sessions.size < this.maxSessions) this.refusing = false;
    return closed;
  }

  async closeAll(): Promise<void> {
    clearInterval(this.sweeper);
    const sessions = [...this.sessions.values()];
    await Promise.allSettled(sessions.map((session) => this.close(session, 'the server is shutting down')));
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
}
