import { randomBytes } from 'node:crypto';
import { flatRandomUUID } from '../../shared/flat-random-uuid.js';
import { JsonRpcErrorCode } from '../../errors/json-rpc-error-codes.js';
import type { Fleet } from '../../fleet/fleet.types.js';
import type { LegacyConnection } from '../../server/legacy/legacy-connection.js';
import type { LegacyProtocolHandler } from '../../server/legacy/legacy-protocol.handler.js';
import type { LegacySessionRecord } from '../../server/legacy/legacy-session-record.types.js';
import { systemClock } from '../../shared/clock.js';
import type { Clock } from '../../shared/clock.js';
import type { ServerLogger } from '../../shared/server-logger.js';
import { LegacyAnswerDelivery } from './legacy-answer-delivery.js';
import { LegacyFleetCalls } from './legacy-fleet-calls.js';
import { LegacySessionRelay } from './legacy-session-relay.js';
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
  /** What replicas share: sessions then live in the fleet, and this process holds copies of them. */
  fleet?: Fleet;
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

const NOT_FOUND: LegacySessionRefusal = {
  status: 404,
  code: JsonRpcErrorCode.SessionNotFound,
  message: 'Session not found',
};

/**
 * Legacy (2025-era) Streamable HTTP sessions of one endpoint, by `Mcp-Session-Id`: at most `maxSessions`
 * at once, and one with no open request or stream for `idleTimeoutMs` is closed. The same for the Node
 * and the fetch handler. With a fleet, the records, the cap and the expiry are the fleet's, and any
 * replica takes up a session it does not hold yet.
 */
export class LegacyHttpSessions {
  private readonly sessions = new Map<string, LegacySession>();
  readonly maxSessions: number;
  readonly idleTimeoutMs: number;
  private readonly retryAfterSeconds: number;
  private readonly logger: ServerLogger;
  private readonly clock: Clock;
  private readonly sweeper: NodeJS.Timeout;
  /** Set while full, so a flood of refusals logs one line rather than one each. */
  private refusing = false;
  readonly fleet: Fleet | undefined;
  readonly relay: LegacySessionRelay | undefined;
  /** With a fleet: the journals of calls, and their take-over when a client resumes here. */
  readonly calls: LegacyFleetCalls | undefined;
  /** With a fleet: clients' answers, held through a short outage of the fleet's store. */
  readonly answers: LegacyAnswerDelivery | undefined;
  /** How long a POST of answers waits for the fleet's store to come back, trying it again. */
  readonly answerHoldMs: number;
  /** Sessions being taken up from the fleet, so concurrent requests load each record once. */
  private readonly adopting = new Map<string, Promise<LegacySession | undefined>>();
  private readonly leaving = new Map<LegacySession, () => void>();
  /** Copies whose session the fleet no longer has, kept only until the calls running on them end. */
  private readonly retiring = new Map<string, LegacySession>();
  /** With a fleet: stops offering these sessions to complete URL elicitations remembered elsewhere. */
  private readonly stopReaching: (() => void) | undefined;
  /** With a fleet: stops re-reading the journals of waiting questions when the bus listens again. */
  private readonly stopRelistening: (() => void) | undefined;
  /** When each copy last told the fleet it was used. */
  private readonly touchedAt = new WeakMap<LegacySession, number>();
  /** Unique to this process: the ids of its requests to clients never clash with another replica's. */
  private readonly replicaTag = randomBytes(6).toString('base64url');

  constructor(
    readonly legacy: LegacyProtocolHandler,
    readonly resumability?: LegacyResumability,
    bounds: LegacySessionBounds = {},
  ) {
    ({
      maxSessions: this.maxSessions,
      idleTimeoutMs: this.idleTimeoutMs,
      answerHoldMs: this.answerHoldMs,
    } = resolveLegacySessionOptions(bounds.options));
    this.logger = bounds.logger ?? silent;
    this.clock = bounds.clock ?? systemClock;
    this.fleet = bounds.fleet;
    this.relay = bounds.fleet
      ? new LegacySessionRelay(bounds.fleet, legacy, this.logger, (session) => void this.drop(session))
      : undefined;
    this.calls = bounds.fleet
      ? new LegacyFleetCalls({
          fleet: bounds.fleet,
          legacy,
          logger: this.logger,
          owner: this.replicaTag,
          journalTtlMs: this.idleTimeoutMs,
        })
      : undefined;
    this.answers = this.relay
      ? new LegacyAnswerDelivery({
          legacy,
          relay: this.relay,
          calls: this.calls,
          logger: this.logger,
          hold: this.answerHold,
          owedForMs: this.idleTimeoutMs,
        })
      : undefined;
    const calls = this.calls;
    this.stopRelistening = bounds.fleet?.bus.onRelisten?.(
      () => void calls?.recheckAnswers([...this.sessions.values(), ...this.retiring.values()]),
    );
    this.stopReaching = bounds.fleet
      ? legacy.urlElicitations?.reachSessionsThrough((sessionId) => this.reach(sessionId))
      : undefined;
    const sweepMs = sweepIntervalOf(this.idleTimeoutMs);
    this.retryAfterSeconds = Math.max(1, Math.ceil(sweepMs / 1000));
    // Unref'd: an idle sweep must never keep the process alive.
    this.sweeper = setInterval(() => this.sweep(), sweepMs).unref();
  }

  /** The hold of a POST of answers while the fleet's store is out: tried again every quarter second. */
  get answerHold(): { holdMs: number; pauseMs: number } {
    return { holdMs: this.answerHoldMs, pauseMs: 250 };
  }

  get size(): number {
    return this.sessions.size;
  }

  /** The session of a request's `Mcp-Session-Id`, or why there is none (404 for an unknown or expired id). */
  find(sessionId: string): LegacySession | LegacySessionRefusal {
    return this.sessions.get(sessionId) ?? NOT_FOUND;
  }

  /**
   * With a fleet: the copy of a session held here, or one made from the fleet's record; a refusal when
   * the fleet has none. Rejects with `StoreUnavailableError` when the fleet cannot be reached.
   */
  async adopt(sessionId: string): Promise<LegacySession | LegacySessionRefusal> {
    const held = this.sessions.get(sessionId);
    if (held || !this.fleet) return held ?? NOT_FOUND;
    let adopting = this.adopting.get(sessionId);
    if (!adopting) {
      adopting = this.load(sessionId).finally(() => this.adopting.delete(sessionId));
      this.adopting.set(sessionId, adopting);
    }
    return (await adopting) ?? NOT_FOUND;
  }

  /** The live connection of a fleet session, taken up here when another replica holds it. */
  private async reach(sessionId: string): Promise<LegacyConnection | undefined> {
    const session = await this.adopt(sessionId);
    return 'status' in session ? undefined : session.connection;
  }

  /** A new id, or the refusal of a full server (503 with `Retry-After`); a fleet checks its cap in `admit`. */
  reserve(): string | LegacySessionRefusal {
    if (this.fleet) return flatRandomUUID();
    return this.sessions.size >= this.maxSessions ? this.busy() : flatRandomUUID();
  }

  /**
   * With a fleet: records the session `initialize` settled under the fleet-wide cap, then opens it
   * here; the refusal of a full fleet.
   */
  async admit(record: LegacySessionRecord): Promise<LegacySession | LegacySessionRefusal> {
    const limits = { maxSessions: this.maxSessions, idleTimeoutMs: this.idleTimeoutMs };
    if (!(await this.fleet!.sessions.admit(record.id, JSON.stringify(record), limits))) return this.busy();
    return this.join(record);
  }

  /** Opens the session `initialize` settled. */
  open(record: LegacySessionRecord): LegacySession {
    const session = new LegacySession(record.id, this.clock, this.resumability);
    session.connection = this.legacy.connect(record, session, this.fleet ? `${this.replicaTag}-` : undefined);
    this.sessions.set(record.id, session);
    return session;
  }

  /** Tells the fleet a session is in use, at most a few times per idle timeout. */
  touch(session: LegacySession): void {
    if (!this.fleet) return;
    const now = this.clock.now();
    if (now - (this.touchedAt.get(session) ?? 0) < this.idleTimeoutMs / 10) return;
    this.touchedAt.set(session, now);
    this.fleet.sessions.touch(session.id, this.idleTimeoutMs).then(
      (alive) => {
        if (!alive && this.sessions.get(session.id) === session) this.retire(session);
      },
      (error: unknown) => this.logger.warn(`could not renew a legacy session: ${String(error)}`),
    );
  }

  /** The copy of a session the fleet forgot whose calls still run here: it takes their answers. */
  retiringCopy(sessionId: string): LegacySession | undefined {
    return this.retiring.get(sessionId);
  }

  /**
   * A copy whose session is gone from the fleet: deleted elsewhere with the message missed, or forgotten
   * by a Redis that came back empty. New requests get the fleet's 404 at once; the calls already running
   * here, the one whose request just found out among them, end with their result, then the copy goes.
   */
  private retire(session: LegacySession): void {
    this.sessions.delete(session.id);
    this.retiring.set(session.id, session);
    session.whenCallsEnd(() => void this.drop(session, 'the session was deleted', false));
  }

  /** Ends one session (DELETE): its calls are aborted, its streams end, its events go; everywhere, with a fleet. */
  async close(session: LegacySession, reason = 'the session was deleted'): Promise<void> {
    if (this.fleet) {
      await this.fleet.sessions.remove(session.id);
      await this.relay!.publish(session.id, { t: 'closed' });
    }
    await this.drop(session, reason, true);
  }

  /**
   * Closes every session idle for `idleTimeoutMs` (no request in flight, no open stream) and returns how
   * many; runs on a timer, and tests call it after moving a fake clock. With a fleet only this copy
   * goes: the fleet's record expires by itself when no replica uses the session.
   */
  sweep(): number {
    const now = this.clock.now();
    let closed = 0;
    for (const session of this.sessions.values()) {
      if (!session.isIdle(now, this.idleTimeoutMs)) continue;
      closed++;
      void this.drop(session, 'the session expired', !this.fleet);
    }
    if (closed > 0) this.logger.info(`closed ${closed} idle legacy session(s); ${this.sessions.size} open`);
    if (this.sessions.size < this.maxSessions) this.refusing = false;
    return closed;
  }

  async closeAll(): Promise<void> {
    clearInterval(this.sweeper);
    this.stopReaching?.();
    this.stopRelistening?.();
    const sessions = [...this.sessions.values(), ...this.retiring.values()];
    await Promise.allSettled(
      sessions.map((session) => this.drop(session, 'the server is shutting down', !this.fleet)),
    );
  }

  /** Ends the copy of a session held here. */
  private async drop(
    session: LegacySession,
    reason = 'the session was deleted',
    forgetEvents = true,
  ): Promise<void> {
    if (this.sessions.get(session.id) === session) this.sessions.delete(session.id);
    if (this.retiring.get(session.id) === session) this.retiring.delete(session.id);
    this.leaving.get(session)?.();
    this.leaving.delete(session);
    this.legacy.disconnect(session.connection, reason);
    try {
      await session.close(forgetEvents);
    } catch (error) {
      this.logger.error("dropping a legacy session's events failed", error);
    }
  }

  private async load(sessionId: string): Promise<LegacySession | undefined> {
    const text = await this.fleet!.sessions.load(sessionId);
    if (text === undefined) return undefined;
    const held = this.sessions.get(sessionId);
    if (held) return held;
    const session = await this.join(JSON.parse(text) as LegacySessionRecord);
    // A change published before this copy listened is in the fleet's record: read it once more.
    const fresh = await this.fleet!.sessions.load(sessionId).catch(() => text);
    if (fresh === undefined) {
      await this.drop(session, 'the session was deleted', false);
      return undefined;
    }
    if (fresh !== text) Object.assign(session.connection.record, JSON.parse(fresh) as LegacySessionRecord);
    return session;
  }

  /** Opens a copy here and listens on the session's channel before it serves anything. */
  private async join(record: LegacySessionRecord): Promise<LegacySession> {
    const session = this.open(record);
    try {
      this.leaving.set(session, await this.relay!.join(session));
    } catch (error) {
      await this.drop(session, 'the fleet could not be reached', false);
      throw error;
    }
    return session;
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
