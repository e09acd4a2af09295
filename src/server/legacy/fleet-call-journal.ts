import { randomBytes } from 'node:crypto';
import type { AuthInfo } from '@modelcontextprotocol/server';
import type { PeerJournal } from '../../context/legacy-peer.js';
import { StoreUnavailableError } from '../../errors/store-unavailable.error.js';
import type { FleetRecords } from '../../fleet/fleet.types.js';

/** The request a journaled call answers, as a re-run needs it. */
export interface JournaledRequest {
  id: string | number;
  method: string;
  params: unknown;
  authInfo?: AuthInfo | undefined;
}

export interface FleetCallJournalSetup {
  records: FleetRecords;
  /** How long the journal outlives the last write: a client that does not resume by then loses the call. */
  ttlMs: number;
  /** The owner's lease on the call; renewed every third of it while the call runs here. */
  leaseMs: number;
  /** Who runs the call: this replica. */
  owner: string;
  request: JournaledRequest;
  /** The call's SSE stream id, opening the stream if needed: the journal is kept under it. */
  streamOf(): string | undefined;
  /** The fields an earlier run recorded, when this run takes the call over. */
  recorded?: { streamId: string; fields: Record<string, string> };
}

/** The record key of a call's journal, and of its owner's lease. */
export function journalKey(streamId: string): string {
  return `call:${streamId}`;
}

/** Where a question's outbound request id says its journal is: `${streamId}~${questionId}`. */
export function journalOfRequestId(id: unknown): { streamId: string; questionId: string } | undefined {
  if (typeof id !== 'string') return undefined;
  const at = id.indexOf('~');
  return at > 0 ? { streamId: id.slice(0, at), questionId: id.slice(at + 1) } : undefined;
}

/**
 * One call's journal in the fleet, for calls that ask questions: written from the first question on
 * (nothing is written for a call that asks nothing) with the request, the stable call id, memo values,
 * the questions asked and whether the client got them. Answers are written by whichever replica the
 * client's response reaches. While the call runs, this replica holds its lease; another replica that
 * finds the lease lapsed re-runs the call from here.
 */
export class FleetCallJournal implements PeerJournal {
  readonly callId: string;
  private fields: Record<string, string>;
  private streamId: string | undefined;
  private opening: Promise<string> | undefined;
  private renewal: NodeJS.Timeout | undefined;
  private abandoned = false;
  private lostLease = false;

  constructor(private readonly setup: FleetCallJournalSetup) {
    this.fields = setup.recorded?.fields ?? {};
    this.streamId = setup.recorded?.streamId;
    this.callId = this.fields.callId ?? randomBytes(16).toString('base64url');
    if (setup.recorded) this.opening = Promise.resolve(setup.recorded.streamId);
  }

  /** Whether another replica took the call over: this run's outcome must reach no one. */
  get lost(): boolean {
    return this.lostLease;
  }

  /**
   * Renews the lease now and says whether this replica still holds it. A renewal the store cannot answer
   * (`StoreUnavailableError`) is thrown as it is: the call then ends with that error, which its client
   * reads, rather than as lost to another replica, which would answer it nothing.
   */
  async holdsLease(): Promise<boolean> {
    if (!this.opening || !this.streamId || this.abandoned) return !this.abandoned;
    if (this.lostLease) return false;
    const { records, owner, leaseMs } = this.setup;
    const held = await records.claim(journalKey(this.streamId), owner, leaseMs).catch((error: unknown) => {
      if (error instanceof StoreUnavailableError) throw error;
      return false;
    });
    if (!held) {
      this.lostLease = true;
      this.stopRenewal();
    }
    return held;
  }

  /** Whether the journal was written (the call asked something). */
  get opened(): boolean {
    return this.opening !== undefined;
  }

  /** A recorded answer (the client's JSON-RPC response) to a question, if any. */
  answerOf(questionId: string): { result?: unknown; error?: unknown } | undefined {
    const text = this.fields[`answer:${questionId}`];
    return text === undefined ? undefined : (JSON.parse(text) as { result?: unknown; error?: unknown });
  }

  /** Reads the journal again, for an answer written since by another replica. */
  async refresh(): Promise<void> {
    if (!this.streamId) return;
    const fields = await this.setup.records.read(journalKey(this.streamId));
    if (fields) this.fields = Object.assign({}, this.fields, fields);
  }

  memoOf(key: string): { value: unknown } | undefined {
    const text = this.fields[`memo:${key}`];
    return text === undefined ? undefined : { value: JSON.parse(text) as unknown };
  }

  async remember(key: string, value: unknown): Promise<void> {
    const fields = { [`memo:${key}`]: JSON.stringify(value) };
    Object.assign(this.fields, fields);
    if (this.opening) await this.put(fields);
  }

  /** Whether the question's request reached the client's stream (stored, so a resume replays it). */
  wasSent(questionId: string): boolean {
    return this.fields[`sent:${questionId}`] !== undefined;
  }

  /** The outbound request id of a question, written to the journal before the question is sent. */
  async asking(questionId: string): Promise<string> {
    const streamId = await this.open();
    await this.put({ [`asked:${questionId}`]: '1' });
    return `${streamId}~${questionId}`;
  }

  async sent(questionId: string): Promise<void> {
    await this.put({ [`sent:${questionId}`]: '1' });
  }

  /** The call ended here with `json` as its response; only a journal that was written records it. */
  async finish(json: string): Promise<void> {
    this.stopRenewal();
    if (!this.opening || !this.streamId || this.abandoned || this.lostLease) return;
    await this.put({ done: json });
    await this.setup.records.release(journalKey(this.streamId), this.setup.owner);
  }

  /**
   * This replica lets the call go unfinished (it shuts down, or the session ended here): the outcome
   * of its aborted run is not recorded, and the lease is given up so a replica the client resumes on
   * takes the call over at once.
   */
  abandon(): void {
    this.abandoned = true;
    this.stopRenewal();
    if (this.opening && this.streamId) {
      this.setup.records.release(journalKey(this.streamId), this.setup.owner).catch(() => undefined);
    }
  }

  /** Stops renewing the lease; it lapses on its own. */
  stopRenewal(): void {
    if (this.renewal) clearInterval(this.renewal);
    this.renewal = undefined;
  }

  /** Writes the request and what is known so far, and takes the lease; once. */
  private open(): Promise<string> {
    return (this.opening ??= this.firstWrite());
  }

  private async firstWrite(): Promise<string> {
    const streamId = this.setup.streamOf();
    if (streamId === undefined) throw new Error('This call has no stream to resume');
    this.streamId = streamId;
    const { request, records, owner, leaseMs } = this.setup;
    const fields: Record<string, string> = Object.assign({}, this.fields, {
      callId: this.callId,
      request: JSON.stringify(request),
    });
    this.fields = fields;
    await records.claim(journalKey(streamId), owner, leaseMs);
    await this.put(fields);
    this.keepLease(streamId);
    return streamId;
  }

  /** Renews the lease while the call runs here; it lapses on its own when this process dies. */
  keepLease(streamId: string): void {
    const { records, owner, leaseMs } = this.setup;
    this.renewal = setInterval(() => {
      records.claim(journalKey(streamId), owner, leaseMs).catch(() => undefined);
    }, leaseMs / 3);
    this.renewal.unref();
  }

  private put(fields: Record<string, string>): Promise<void> {
    return this.setup.records.put(journalKey(this.streamId!), fields, this.setup.ttlMs);
  }
}
