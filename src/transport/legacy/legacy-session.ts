import type { EventStore, JSONRPCMessage } from '@modelcontextprotocol/server';
import type { LegacyConnection, LegacyOutlet } from '../../server/legacy/legacy-connection.js';
import { FIRST_URL_MODE_VERSION } from '../../server/legacy/legacy-elicitation.check.js';
import type { JsonRpcId } from '../../server/legacy/legacy-session-record.types.js';
import type { Clock } from '../../shared/clock.js';
import { flatRandomUUID } from '../../shared/flat-random-uuid.js';
import type { ExchangeSession, LegacyPostExchange } from './legacy-post-exchange.js';
import type { LegacySseStream } from './legacy-sse-stream.js';
import { SessionEventLog } from './session-event-log.js';
import type { SessionFleetLink } from './session-fleet-link.types.js';

/**
 * How a handler tells a legacy session it is in use: `begin()` when it takes a request of the session,
 * `end()` once that response is over (sent, or the client went away). A session with a response open
 * (a GET stream, say) is never idle, however long it stays quiet.
 */
export interface LegacySessionActivity {
  begin(): void;
  end(): void;
}

/** Resumable legacy SSE: where stream events are kept, and the reconnection delay suggested to clients. */
export interface LegacyResumability {
  eventStore?: EventStore;
  retryMs?: number;
}

/** A resumed stream of a call that runs on another replica: its events come through the fleet. */
interface RelayedStream {
  stream: LegacySseStream;
  /** Event ids already written, so a replayed event is not written twice. */
  written: Set<string>;
}

/**
 * One 2025-era HTTP session: its live connection, the POST exchanges whose calls still run (by request
 * id, and by stream id for a client that resumes), the standalone GET stream, its events, and how busy
 * and how recently used it is.
 */
export class LegacySession implements LegacyOutlet, LegacySessionActivity, ExchangeSession {
  /** Set by `LegacyHttpSessions.open` right after construction: the connection needs this session as its outlet. */
  connection!: LegacyConnection;
  readonly headers: Readonly<Record<string, string>>;
  readonly retryMs: number | undefined;
  private exchanges: Map<JsonRpcId, LegacyPostExchange> | undefined;
  private events: SessionEventLog | undefined;
  private standaloneStreamId: string | undefined;
  standalone: LegacySseStream | undefined;
  /** Set when replicas share a fleet: stream ids then name the session, so any replica can tell whose they are. */
  fleet: SessionFleetLink | undefined;
  private relays: Map<string, RelayedStream> | undefined;
  private openRequests = 0;
  private lastActivityMs: number;
  /** Set by `whenCallsEnd` while calls still run: told once the last one has its response. */
  private afterCalls: (() => void) | undefined;

  constructor(
    readonly id: string,
    private readonly clock: Clock,
    private readonly resumability: LegacyResumability | undefined,
  ) {
    this.headers = { 'mcp-session-id': id };
    this.retryMs = resumability?.retryMs;
    this.lastActivityMs = clock.now();
  }

  get resumable(): boolean {
    return (
      this.resumability?.eventStore !== undefined &&
      this.connection.record.protocolVersion >= FIRST_URL_MODE_VERSION
    );
  }

  begin(): void {
    this.openRequests++;
    this.lastActivityMs = this.clock.now();
  }

  end(): void {
    this.openRequests--;
    this.lastActivityMs = this.clock.now();
  }

  /** Whether nothing is open and nothing happened for `idleTimeoutMs`. */
  isIdle(now: number, idleTimeoutMs: number): boolean {
    return this.openRequests === 0 && now - this.lastActivityMs >= idleTimeoutMs;
  }

  track(requestId: JsonRpcId, exchange: LegacyPostExchange): void {
    (this.exchanges ??= new Map()).set(requestId, exchange);
  }

  /** The exchange whose requests all got their response: nothing is related to them any more. */
  released(exchange: LegacyPostExchange): void {
    const exchanges = this.exchanges;
    if (!exchanges) return;
    for (const id of exchange.aborts.keys()) {
      if (exchanges.get(id) !== exchange) continue;
      // Emptied, the map is dropped rather than deleted from: see `LegacyConnection.end`.
      if (exchanges.size === 1) this.exchanges = undefined;
      else exchanges.delete(id);
    }
    const afterCalls = this.afterCalls;
    if (this.exchanges === undefined && afterCalls) {
      this.afterCalls = undefined;
      afterCalls();
    }
  }

  /** Runs `then` once no request of this copy is still running: now, or when the last gets its response. */
  whenCallsEnd(then: () => void): void {
    if (this.exchanges === undefined) then();
    else this.afterCalls = then;
  }

  /** The running exchange that owns stream `streamId`, if any. */
  exchangeOfStream(streamId: string): LegacyPostExchange | undefined {
    if (!this.exchanges) return undefined;
    for (const exchange of this.exchanges.values()) if (exchange.streamId === streamId) return exchange;
    return undefined;
  }

  send(message: Record<string, unknown>, relatedTo?: JsonRpcId): Promise<void> {
    const exchange = relatedTo === undefined ? undefined : this.exchanges?.get(relatedTo);
    if (exchange && !exchange.done) return exchange.send(message);
    return this.sendStandalone(message);
  }

  closeCallStream(requestId: JsonRpcId): boolean {
    return this.exchanges?.get(requestId)?.closeStream() ?? false;
  }

  /** Messages outside any call reach the client only on an open GET stream. */
  hearsUnrelated(): boolean {
    return this.standalone?.open === true;
  }

  get sharedInFleet(): boolean {
    return this.fleet !== undefined;
  }

  newStreamId(): string {
    // Lower-casing copies the joined text into one flat string; session ids are lower-case UUIDs.
    return this.fleet ? `${this.id}.${flatRandomUUID()}`.toLowerCase() : flatRandomUUID();
  }

  /**
   * Whether server events (list changes, resource updates) are for this copy of the session to send:
   * with a fleet, only the copy holding the GET stream sends them, so a client hears each event once.
   */
  get hearsServerEvents(): boolean {
    return this.fleet === undefined || this.standalone?.open === true;
  }

  /** An event of this session's call stream, relayed, for the resumed stream read here. */
  relayed(streamId: string, json: string, eventId: string | undefined): void {
    const relay = this.relays?.get(streamId);
    if (!relay?.stream.open || (eventId !== undefined && relay.written.has(eventId))) return;
    if (eventId !== undefined) relay.written.add(eventId);
    relay.stream.event(json, eventId);
  }

  relayEnded(streamId: string): void {
    const relay = this.relays?.get(streamId);
    if (!relay) return;
    this.relays!.delete(streamId);
    relay.stream.end();
  }

  /** Stops relaying a stream (this replica takes its call over), leaving the stream open. */
  unrelayStream(streamId: string): void {
    this.relays?.delete(streamId);
  }

  /** The SSE stream id of call `requestId` running here, opening its stream if it has none yet. */
  streamOfCall(requestId: JsonRpcId): string | undefined {
    const exchange = this.exchanges?.get(requestId);
    if (!exchange || exchange.done) return undefined;
    return exchange.openedStreamId();
  }

  /** A resumed stream of a call running on another replica; `written` are the event ids replayed. */
  relayStream(streamId: string, stream: LegacySseStream, written: Set<string>): void {
    (this.relays ??= new Map()).set(streamId, { stream, written });
    stream.reply.onFinish(() => {
      if (this.relays?.get(streamId)?.stream === stream) this.relays.delete(streamId);
    });
  }

  /**
   * Stores an event when the session keeps events: the message when the caller has it as an object, else
   * the JSON text written for it (a response, which then needs no parse). Its id, or undefined.
   */
  storeEvent(
    streamId: string,
    message: JSONRPCMessage | undefined,
    json: string,
  ): Promise<string | undefined> {
    const store = this.resumability?.eventStore;
    if (!store) return Promise.resolve(undefined);
    const events = (this.events ??= new SessionEventLog(store));
    return message === undefined
      ? events.storeEventText(streamId, json)
      : events.storeEvent(streamId, message, json.length);
  }

  /** Whether an event stream is this session's, so a client resumes only its own streams. */
  ownsStream(streamId: string): boolean {
    if (this.fleet) return streamId.startsWith(`${this.id}.`);
    return this.events?.owns(streamId) ?? false;
  }

  /** Outside any call: stored when the session keeps events, written when a GET stream is open. */
  private async sendStandalone(message: Record<string, unknown>): Promise<void> {
    const json = JSON.stringify(message);
    const eventId = await this.storeEvent(this.standaloneId, message as JSONRPCMessage, json);
    if (this.standalone?.open || !this.fleet) this.writeStandalone(json, eventId);
    else this.fleet.toStandalone(json, eventId);
  }

  /** Writes to the GET stream when this replica holds it. */
  writeStandalone(json: string, eventId: string | undefined): void {
    if (this.standalone?.open) this.standalone.event(json, eventId);
  }

  /** The id of the standalone stream's events, one per session so sessions never share a stream. */
  get standaloneId(): string {
    return (this.standaloneStreamId ??= this.fleet
      ? `${this.id}.standalone`.toLowerCase()
      : flatRandomUUID());
  }

  /**
   * Ends every stream; the events go too, since nobody can resume them now. A copy dropped on one
   * replica of a fleet keeps them (`forgetEvents` false): the session lives on elsewhere.
   */
  async close(forgetEvents = true): Promise<void> {
    for (const exchange of this.exchanges?.values() ?? []) exchange.shut();
    this.exchanges = undefined;
    this.standalone?.end();
    this.standalone = undefined;
    for (const relay of this.relays?.values() ?? []) relay.stream.end();
    this.relays = undefined;
    if (forgetEvents) await this.events?.forget();
  }
}
