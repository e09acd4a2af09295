import { StoreUnavailableError } from '../../errors/store-unavailable.error.js';
import { journalOfRequestId } from '../../server/legacy/fleet-call-journal.js';
import type { JsonRpcId } from '../../server/legacy/legacy-session-record.types.js';
import type { ServerLogger } from '../../shared/server-logger.js';
import type { LegacyFleetCalls } from './legacy-fleet-calls.js';
import type { LegacySession } from './legacy-session.js';
import type { LegacySessionRelay } from './legacy-session-relay.js';
import type { LegacyProtocolHandler } from '../../server/legacy/legacy-protocol.handler.js';
import { holdThroughStoreOutage, retryUntilStoreIsBack } from './store-outage-hold.runner.js';
import type { StoreOutageHold } from './store-outage-hold.runner.js';

/** A client's response to a question the server pushed (`elicitation/create` and the like). */
export type ClientAnswer = { id: JsonRpcId; result?: unknown; error?: unknown };

export interface AnswerDeliverySettings {
  legacy: LegacyProtocolHandler;
  relay: LegacySessionRelay;
  calls: LegacyFleetCalls | undefined;
  logger: ServerLogger;
  /** How long an answer POST is held while the fleet is out before it gets the 503. */
  hold: StoreOutageHold;
  /** How long an answer the fleet could not take is still owed to it: the journal's lifetime. */
  owedForMs: number;
}

/**
 * Takes a client's answer, with a fleet, through a store outage: clients (the official one among them)
 * send an answer once and never retry it, so losing it leaves the call waiting until the client times
 * out. The answer goes to the call's journal and to the replica that asked; while the fleet is out, a
 * question waiting on this replica takes it at once, and otherwise the POST is held and the fleet tried
 * again. An answer still not delivered when the hold ends gets the 503, and is delivered once the fleet
 * is back, so the call goes on rather than waiting out the client's timeout.
 */
export class LegacyAnswerDelivery {
  constructor(private readonly settings: AnswerDeliverySettings) {}

  /** Resolves once the answer is delivered; rejects with `StoreUnavailableError` when the hold ran out. */
  async deliver(session: LegacySession, answer: ClientAnswer): Promise<void> {
    const { legacy, hold } = this.settings;
    try {
      await this.journalAndRelay(session, answer);
      return;
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      // Nobody can take the call over while the fleet is out: the run here may have its answer first.
      if (legacy.handleResponse(session.connection, answer)) {
        this.owe(session, answer);
        return;
      }
    }
    try {
      await holdThroughStoreOutage(() => this.journalAndRelay(session, answer), hold);
    } catch (error) {
      if (error instanceof StoreUnavailableError) this.owe(session, answer);
      throw error;
    }
  }

  /**
   * Answers whose session this replica could not even load before the hold ran out: delivered once the
   * fleet is back, through `adopt`, which loads the session then. A session Redis forgot meanwhile (it came
   * back empty) gets them as `toForgottenSession` gives them; one refused otherwise takes nothing.
   */
  oweThroughSession(
    sessionId: string,
    adopt: () => Promise<LegacySession | { status: number }>,
    answers: ClientAnswer[],
  ): void {
    this.retryWhileOwed(async () => {
      const session = await adopt();
      if (!('status' in session)) for (const answer of answers) await this.journalAndRelay(session, answer);
      else if (session.status === 404) this.toForgottenSession(sessionId, answers);
    }, 'answers never reached the fleet');
  }

  /**
   * Answers for a session the fleet no longer knows (a Redis restarted empty forgot it) while a replica
   * may still run its calls: they go on the session's channel, where such a replica still listens, so
   * its calls end with their result rather than waiting out the client's timeout. Only answers whose ids
   * name this session's streams; a session closed for good has no listener left.
   */
  toForgottenSession(sessionId: string, answers: ClientAnswer[]): void {
    const { relay, calls, logger } = this.settings;
    for (const answer of answers) {
      if (!journalOfRequestId(answer.id)?.streamId.startsWith(`${sessionId}.`)) continue;
      // Journaled first, as any answer: a replica that listens again only after the relay reads it there.
      Promise.resolve(calls?.recordAnswer(answer))
        .then(() => relay.publish(sessionId, { t: 'response', message: answer }))
        .catch((error: unknown) => logger.warn(`could not relay an answer: ${String(error)}`));
    }
  }

  /** Journaled first: the replica that re-runs the call finds the answer even if the asker died. */
  private async journalAndRelay(session: LegacySession, answer: ClientAnswer): Promise<void> {
    const { calls, legacy, relay } = this.settings;
    const journaled = await calls?.recordAnswer(answer);
    // A journaled answer goes to the bus even when a run here took it: if this run lost its lease,
    // the replica that took the call over waits for the same answer.
    if (legacy.handleResponse(session.connection, answer) && !journaled) return;
    await relay.publish(session.id, { t: 'response', message: answer });
  }

  private owe(session: LegacySession, answer: ClientAnswer): void {
    this.retryWhileOwed(() => this.journalAndRelay(session, answer), 'an answer never reached the fleet');
  }

  /** Tries `delivery` again until the fleet takes it or the journal it would land in has expired. */
  private retryWhileOwed(delivery: () => Promise<void>, lost: string): void {
    const { owedForMs, hold, logger } = this.settings;
    retryUntilStoreIsBack(delivery, { giveUpAfterMs: owedForMs, pauseMs: hold.pauseMs }, (error: unknown) =>
      logger.warn(`${lost}: ${String(error)}`),
    );
  }
}
