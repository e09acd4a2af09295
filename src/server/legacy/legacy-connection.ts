import type { RequestAbort } from '../../context/request-abort.js';
import type { OutboundNotification } from '../../context/request-environment.js';
import { FIRST_URL_MODE_VERSION } from './legacy-elicitation.check.js';
import type { JsonRpcId, LegacySessionRecord } from './legacy-session-record.types.js';
import type { FleetCallJournal } from './fleet-call-journal.js';
import { OutboundRequestRegistry } from './outbound-request.registry.js';

/** What a transport offers one session: a way to write to the client, and to end a call's stream. */
export interface LegacyOutlet {
  /**
   * Writes a message to the client: on the stream of request `relatedTo` while that request is open,
   * otherwise where the session hears unrelated messages (the standalone GET stream, the stdio pipe).
   */
  send(message: Record<string, unknown>, relatedTo?: JsonRpcId): Promise<void>;
  /** Ends the SSE stream of call `requestId` when the client can resume it; whether it did. */
  closeCallStream(requestId: JsonRpcId): boolean;
  /** Whether a message outside any request reaches the client now (HTTP: a GET stream is open). Default: yes. */
  hearsUnrelated?(): boolean;
  /**
   * Whether this copy of the session sends server events (list changes, resource updates); when
   * replicas share a session, only one copy does. Absent: it does.
   */
  readonly hearsServerEvents?: boolean;
  /** Whether other replicas serve this session too, through a fleet. Absent: they do not. */
  readonly sharedInFleet?: boolean;
}

/**
 * One live 2025-era session in this process: its record, the way back to its client, the calls it runs
 * and the requests it waits on. Everything that must outlive the process is in `record`.
 */
export class LegacyConnection {
  readonly outbound: OutboundRequestRegistry;
  private calls: Map<JsonRpcId, RequestAbort> | undefined;
  private journals: Map<JsonRpcId, FleetCallJournal> | undefined;
  private closedWith: string | undefined;

  constructor(
    readonly record: LegacySessionRecord,
    private readonly outlet: LegacyOutlet,
    /** Set when other replicas serve the session too: the ids of requests to the client start with it, so they never clash. */
    outboundIdPrefix?: string,
  ) {
    this.outbound = new OutboundRequestRegistry(
      (message, relatedTo) => this.write(message, relatedTo),
      outboundIdPrefix,
    );
  }

  get hearsServerEvents(): boolean {
    return this.outlet.hearsServerEvents ?? true;
  }

  /** The session's id when replicas share it through a fleet, so any of them can reach it. */
  get fleetSessionId(): string | undefined {
    return this.outlet.sharedInFleet ? this.record.id : undefined;
  }

  /** The journal of call `requestId`, when another replica may have to re-run it. */
  journalOf(requestId: JsonRpcId): FleetCallJournal | undefined {
    return this.journals?.get(requestId);
  }

  keepJournal(requestId: JsonRpcId, journal: FleetCallJournal | undefined): void {
    if (journal) (this.journals ??= new Map()).set(requestId, journal);
    else this.journals?.delete(requestId);
  }

  /** Whether call `requestId` runs in this process. */
  runs(requestId: JsonRpcId): boolean {
    return this.calls?.has(requestId) ?? false;
  }

  get isOpen(): boolean {
    return this.closedWith === undefined;
  }

  /** Calls running now. */
  get runningCalls(): number {
    return this.calls?.size ?? 0;
  }

  write(message: Record<string, unknown>, relatedTo?: JsonRpcId): Promise<void> {
    if (this.closedWith !== undefined) return Promise.reject(new Error('The session is closed'));
    return this.outlet.send(message, relatedTo);
  }

  /** A notification outside any call (list changes, resource updates, a late URL completion). */
  notify(notification: OutboundNotification): Promise<void> {
    return this.write({ jsonrpc: '2.0', ...notification });
  }

  closeCallStream(requestId: JsonRpcId): boolean {
    return this.isOpen && this.outlet.closeCallStream(requestId);
  }

  /** Whether a message sent outside any request would reach the client now. */
  get hearsUnrelated(): boolean {
    return this.isOpen && (this.outlet.hearsUnrelated?.() ?? true);
  }

  /** Notes a running call, so `notifications/cancelled` and the session's end can abort it. */
  begin(requestId: JsonRpcId, abort: RequestAbort): void {
    (this.calls ??= new Map()).set(requestId, abort);
  }

  end(requestId: JsonRpcId, abort: RequestAbort): void {
    const calls = this.calls;
    if (calls?.get(requestId) !== abort) return;
    // The last call drops the map rather than deleting from it: a delete that empties a long-lived map
    // makes V8 allocate its smaller table in the old generation, garbage there on every call.
    if (calls.size === 1) this.calls = undefined;
    else calls.delete(requestId);
  }

  /** `notifications/cancelled` from the client: the call's signal fires with the client's reason. */
  cancel(requestId: JsonRpcId, reason: string | undefined): void {
    this.calls?.get(requestId)?.abort(reason ?? 'The client cancelled the request');
  }

  /** URL mode and its completion notification exist from 2025-11-25 on, for clients that declared URL mode. */
  acceptsUrlCompletion(): boolean {
    const { protocolVersion, clientCapabilities } = this.record;
    return protocolVersion >= FIRST_URL_MODE_VERSION && Boolean(clientCapabilities.elicitation?.url);
  }

  /** Ends the session here: its calls are aborted and its waiting requests abandoned. */
  close(reason = 'the connection closed'): void {
    if (this.closedWith !== undefined) return;
    this.closedWith = reason;
    // Journaled calls are let go first: another replica re-runs them rather than report this abort.
    for (const journal of this.journals?.values() ?? []) journal.abandon();
    this.journals = undefined;
    const calls = this.calls;
    this.calls = undefined;
    if (calls) for (const abort of calls.values()) abort.abort(new Error(`The session ended: ${reason}`));
    this.outbound.abandonAll(reason);
  }
}
