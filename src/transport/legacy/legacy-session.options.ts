/** Bounds on 2025-era HTTP sessions, which each hold their record and live streams in memory. */
export interface LegacySessionOptions {
  /** Open sessions at most; a further `initialize` gets HTTP 503 with `Retry-After`. Default 5,000. */
  maxSessions?: number;
  /**
   * A session with no request in flight and no open stream for this long is closed and freed; its id
   * then gets 404 "Session not found", and the client starts over with `initialize`. Default 30 minutes.
   */
  idleTimeoutMs?: number;
  /**
   * With a fleet: how long an answer to a server's question (a response to `elicitation/create`) is held
   * while the fleet's store is out, trying it again, before the POST gets 503 with `Retry-After`. Clients
   * send an answer once; one held through a short outage is not lost. Default 10 s.
   */
  answerHoldMs?: number;
}

export const DEFAULT_MAX_LEGACY_SESSIONS = 5_000;
export const DEFAULT_LEGACY_IDLE_TIMEOUT_MS = 30 * 60_000;
export const DEFAULT_ANSWER_HOLD_MS = 10_000;

/** The options with defaults applied, checked once so a typo fails at start-up, not under load. */
export function resolveLegacySessionOptions(
  options: LegacySessionOptions = {},
): Required<LegacySessionOptions> {
  const maxSessions = options.maxSessions ?? DEFAULT_MAX_LEGACY_SESSIONS;
  const idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_LEGACY_IDLE_TIMEOUT_MS;
  const answerHoldMs = options.answerHoldMs ?? DEFAULT_ANSWER_HOLD_MS;
  if (!Number.isInteger(maxSessions) || maxSessions < 1) {
    throw new RangeError(`legacySessions.maxSessions must be a positive integer, got ${maxSessions}`);
  }
  if (!Number.isFinite(idleTimeoutMs) || idleTimeoutMs <= 0) {
    throw new RangeError(`legacySessions.idleTimeoutMs must be a positive number, got ${idleTimeoutMs}`);
  }
  if (!Number.isFinite(answerHoldMs) || answerHoldMs < 0) {
    throw new RangeError(`legacySessions.answerHoldMs must be zero or more, got ${answerHoldMs}`);
  }
  return { maxSessions, idleTimeoutMs, answerHoldMs };
}

/** How often idle sessions are looked for: often enough to honour short test timeouts, at most once a minute. */
export function sweepIntervalOf(idleTimeoutMs: number): number {
  return Math.min(60_000, Math.max(50, Math.floor(idleTimeoutMs / 4)));
}
