import type { AuthInfo, JSONRPCMessage } from '@modelcontextprotocol/server';
import type { Fleet } from '../../fleet/fleet.types.js';
import { FleetCallJournal, journalKey, journalOfRequestId } from '../../server/legacy/fleet-call-journal.js';
import type { JournaledRequest } from '../../server/legacy/fleet-call-journal.js';
import type { LegacyRequest } from '../../server/legacy/legacy-message.check.js';
import type { LegacyProtocolHandler } from '../../server/legacy/legacy-protocol.handler.js';
import type { JsonRpcId } from '../../server/legacy/legacy-session-record.types.js';
import type { ServerLogger } from '../../shared/server-logger.js';
import { LegacyPostExchange } from './legacy-post-exchange.js';
import type { LegacySession } from './legacy-session.js';
import type { LegacySseStream } from './legacy-sse-stream.js';

/** The methods that run a handler, and so may ask questions. */
const CALL_METHODS = new Set(['tools/call', 'prompts/get', 'resources/read']);

export interface FleetCallSettings {
  fleet: Fleet;
  legacy: LegacyProtocolHandler;
  logger: ServerLogger;
  /** This replica, as lease holder. */
  owner: string;
  /** How long a journal outlives its last write. */
  journalTtlMs: number;
}

/**
 * Calls that survive their replica: each call journals its questions in the fleet, answers are written
 * there by whichever replica receives them, and a client that resumes a call's stream on a replica
 * that does not run it gets the call's live events relayed, or, once the owner's lease lapsed, the call
 * re-run here from its journal.
 */
export class LegacyFleetCalls {
  constructor(private readonly settings: FleetCallSettings) {}

  /** A journal for a call of this replica; it writes nothing unless the call asks a question. */
  journalFor(
    session: LegacySession,
    request: LegacyRequest,
    authInfo: AuthInfo | undefined,
  ): FleetCallJournal | undefined {
    if (!CALL_METHODS.has(request.method) || !session.resumable) return undefined;
    const journaled: JournaledRequest = { id: request.id, method: request.method, params: request.params };
    if (authInfo) journaled.authInfo = authInfo;
    return this.journal(journaled, () => session.streamOfCall(request.id));
  }

  /** Writes a client's answer to the journal its id names, before anything else sees it; true when it did. */
  async recordAnswer(response: { id: JsonRpcId; result?: unknown; error?: unknown }): Promise<boolean> {
    const target = journalOfRequestId(response.id);
    if (!target) return false;
    const answer = response.error !== undefined ? { error: response.error } : { result: response.result };
    await this.settings.fleet.records.put(
      journalKey(target.streamId),
      { [`answer:${target.questionId}`]: JSON.stringify(answer) },
      this.settings.journalTtlMs,
    );
    return true;
  }

  /**
   * The bus listens again after losing its connection: an answer relayed meanwhile never arrived, but its
   * journal has it. Each question waiting here reads its journal once, and takes an answer found there.
   */
  async recheckAnswers(sessions: Iterable<LegacySession>): Promise<void> {
    const { fleet, legacy, logger } = this.settings;
    const reads: Array<Promise<void>> = [];
    for (const session of [...sessions]) {
      const connection = session.connection;
      for (const id of connection.outbound.waitingIds()) {
        const target = journalOfRequestId(id);
        if (!target) continue;
        const read = fleet.records.read(journalKey(target.streamId)).then((fields) => {
          const text = fields?.[`answer:${target.questionId}`];
          if (text !== undefined)
            legacy.handleResponse(connection, { id, ...(JSON.parse(text) as { result?: unknown }) });
        });
        reads.push(read.catch((error: unknown) => logger.warn(`could not read a journal: ${String(error)}`)));
      }
    }
    await Promise.all(reads);
  }

  /**
   * A client resumed here the stream of a call this replica does not run: replay happened already;
   * now the call's outcome, its live events from the owner, or a re-run when the owner is gone.
   */
  async take(
    session: LegacySession,
    streamId: string,
    stream: LegacySseStream,
    replayed: Set<string>,
    replayedMessages: JSONRPCMessage[],
    lastEventId: string,
  ): Promise<void> {
    const { fleet } = this.settings;
    if (replayedMessages.some(isResponse)) {
      stream.end();
      return;
    }
    const key = journalKey(streamId);
    const fields = await fleet.records.read(key);
    if (fields?.request === undefined) {
      await this.relay(session, streamId, stream, replayed, lastEventId);
      return;
    }
    if (await this.settle(stream, fields, replayedMessages)) return;
    if (await fleet.records.claim(key, this.settings.owner, fleet.callLeaseMs)) {
      this.rerun(session, streamId, stream, replayed, fields);
      return;
    }
    await this.relay(session, streamId, stream, replayed, lastEventId);
    this.watchOwner(session, streamId, stream, replayed, replayedMessages);
  }

  /**
   * Relays the owner's live events to the resumed stream; the events stored between the replay and
   * now are read once more, since the owner published them before this replica listened for them.
   */
  private async relay(
    session: LegacySession,
    streamId: string,
    stream: LegacySseStream,
    replayed: Set<string>,
    lastEventId: string,
  ): Promise<void> {
    session.relayStream(streamId, stream, replayed);
    const later = await this.settings.fleet.events.after(lastEventId);
    for (const event of later?.events ?? []) {
      if (event.message === '{}') continue;
      session.relayed(streamId, event.message, event.id);
      if (isResponse(JSON.parse(event.message) as JSONRPCMessage)) session.relayEnded(streamId);
    }
  }

  /** While the client waits on a relayed stream, takes the call over if its owner's lease lapses. */
  private watchOwner(
    session: LegacySession,
    streamId: string,
    stream: LegacySseStream,
    replayed: Set<string>,
    replayedMessages: JSONRPCMessage[],
  ): void {
    const { fleet, owner } = this.settings;
    const key = journalKey(streamId);
    const timer = setInterval(() => {
      if (!stream.open) {
        clearInterval(timer);
        return;
      }
      void (async () => {
        if (!(await fleet.records.claim(key, owner, fleet.callLeaseMs))) return;
        clearInterval(timer);
        session.unrelayStream(streamId);
        const fields = (await fleet.records.read(key)) ?? {};
        if (fields.request === undefined || (await this.settle(stream, fields, replayedMessages))) {
          await fleet.records.release(key, owner);
          return;
        }
        this.rerun(session, streamId, stream, replayed, fields);
      })().catch((error: unknown) =>
        this.settings.logger.warn(`could not take a call over: ${String(error)}`),
      );
    }, fleet.callLeaseMs / 2);
    timer.unref();
  }

  /** A call that finished: its response, unless the replay already carried it; true when finished. */
  private async settle(
    stream: LegacySseStream,
    fields: Record<string, string>,
    replayedMessages: JSONRPCMessage[],
  ): Promise<boolean> {
    if (fields.done === undefined) return false;
    const { id } = JSON.parse(fields.request!) as JournaledRequest;
    const answered = replayedMessages.some(
      (message) => (message as { id?: unknown; method?: unknown }).id === id && !('method' in message),
    );
    if (!answered && stream.open) stream.event(fields.done, undefined);
    stream.end();
    return true;
  }

  /** Runs the call again here, from its journal, answering on the resumed stream. */
  private rerun(
    session: LegacySession,
    streamId: string,
    stream: LegacySseStream,
    replayed: Set<string>,
    fields: Record<string, string>,
  ): void {
    const request = JSON.parse(fields.request!) as JournaledRequest;
    const connection = session.connection;
    const exchange = LegacyPostExchange.resumed(session, stream, streamId, request.id, replayed);
    exchange.keepsRunning = () => true;
    session.track(request.id, exchange);
    const journal = this.journal(request, () => streamId, { streamId, fields });
    journal.keepLease(streamId);
    connection.keepJournal(request.id, journal);
    const abort = exchange.aborts.get(request.id)!;
    const message: LegacyRequest = { id: request.id, method: request.method, params: request.params };
    void this.settings.legacy
      .handleRequest(connection, message, { abort, authInfo: request.authInfo })
      .then(async (json) => {
        await journal
          .finish(json)
          .catch((error: unknown) =>
            this.settings.logger.warn(`could not record the end of a call: ${String(error)}`),
          );
        connection.keepJournal(request.id, undefined);
        exchange.answer(abort.aborted || journal.lost ? undefined : json);
      });
  }

  private journal(
    request: JournaledRequest,
    streamOf: () => string | undefined,
    recorded?: { streamId: string; fields: Record<string, string> },
  ): FleetCallJournal {
    const { fleet, owner, journalTtlMs } = this.settings;
    return new FleetCallJournal({
      records: fleet.records,
      ttlMs: journalTtlMs,
      leaseMs: fleet.callLeaseMs,
      owner,
      request,
      streamOf,
      ...(recorded ? { recorded } : {}),
    });
  }
}

/** A response of the server on a call stream: the call's own, its last event. */
function isResponse(message: JSONRPCMessage): boolean {
  return 'id' in message && !('method' in message);
}
