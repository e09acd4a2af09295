import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { RequestAbort } from '../../context/request-abort.js';
import type { JsonRpcId } from '../../server/legacy/legacy-session-record.types.js';
import type { LegacyHttpReply } from './legacy-http-reply.js';
import type { SessionFleetLink } from './session-fleet-link.types.js';
import { LegacySseStream } from './legacy-sse-stream.js';
import { PRIMING_EVENT_TEXT } from './text-event.store.js';

/** What a POST exchange needs of its session: its headers, and its event log when it is resumable. */
export interface ExchangeSession {
  readonly headers: Readonly<Record<string, string>>;
  /** Whether the session keeps events and its client can resume from a priming event (2025-11-25 on). */
  readonly resumable: boolean;
  /**
   * Stores an event of `streamId` when the session keeps events: `message`, or when it is undefined the
   * JSON text `json` written for it. Its id, or undefined.
   */
  storeEvent(
    streamId: string,
    message: JSONRPCMessage | undefined,
    json: string,
  ): Promise<string | undefined>;
  newStreamId(): string;
  released(exchange: LegacyPostExchange): void;
  retryMs: number | undefined;
  /** Set when replicas share a fleet: a detached stream's events go to the replica its client resumed on. */
  readonly fleet?: SessionFleetLink | undefined;
}

/**
 * One POST that carries requests: answered with plain JSON when nothing else has to reach the client
 * first, or as an SSE stream from the first related message on (a pushed question, progress, a log line),
 * with every event stored when the session is resumable. The server may end the stream early
 * (`ctx.closeStream()`); the client then resumes with `Last-Event-ID` and a GET re-attaches it here.
 */
export class LegacyPostExchange {
  readonly aborts = new Map<JsonRpcId, RequestAbort>();
  private readonly replies: string[] = [];
  private due: number;
  private stream: LegacySseStream | undefined;
  /** Set once the SSE body started (whatever became of it since): every later message is an event. */
  streamId: string | undefined;
  /** Event ids a resumed stream already replayed, so they are not written twice. */
  private replayed: Set<string> | undefined;
  private queue: Promise<void> | undefined;
  /** Set with a fleet: a call it holds keeps running when its client goes away, since it may resume elsewhere. */
  keepsRunning: ((requestId: JsonRpcId) => boolean) | undefined;

  /** The exchange of a call re-run here, answering on the stream its client resumed on this replica. */
  static resumed(
    session: ExchangeSession,
    stream: LegacySseStream,
    streamId: string,
    requestId: JsonRpcId,
    replayed: Set<string>,
  ): LegacyPostExchange {
    const exchange = new LegacyPostExchange(session, stream.reply, [requestId], false);
    exchange.streamId = streamId;
    exchange.attach(stream, replayed);
    return exchange;
  }

  constructor(
    private readonly session: ExchangeSession,
    private readonly reply: LegacyHttpReply,
    requestIds: readonly JsonRpcId[],
    private readonly batch: boolean,
  ) {
    this.due = requestIds.length;
    for (const id of requestIds) this.aborts.set(id, new RequestAbort());
    reply.onAbandon(() => {
      for (const [id, abort] of this.aborts) {
        if (this.keepsRunning?.(id)) continue;
        abort.abort(new Error('The client closed the request stream'));
      }
    });
  }

  get done(): boolean {
    return this.due === 0;
  }

  /** Whether a client is reading this exchange's stream now. */
  get attached(): boolean {
    return this.stream?.open ?? false;
  }

  /** A message related to one of the requests, sent before the responses. */
  send(message: Record<string, unknown>): Promise<void> {
    if (this.streamId === undefined) this.openStream();
    return this.enqueue(JSON.stringify(message), message as JSONRPCMessage);
  }

  /** The response to one request as JSON text (none for a cancelled request); the last one ends the exchange. */
  answer(json: string | undefined): void {
    this.due--;
    if (this.streamId === undefined) {
      if (json !== undefined) this.replies.push(json);
      if (this.due > 0) return;
      const { replies } = this;
      if (replies.length === 0) this.reply.empty(202, this.session.headers);
      else this.reply.json(200, this.batch ? `[${replies.join(',')}]` : replies[0]!, this.session.headers);
      this.session.released(this);
      return;
    }
    const last = this.due === 0;
    const written = json === undefined ? (this.queue ?? Promise.resolve()) : this.enqueue(json);
    const finish = () => {
      if (!last) return;
      if (!this.attached) this.session.fleet?.streamEnded(this.streamId!);
      this.stream?.end();
      this.session.released(this);
    };
    written.then(finish, finish);
  }

  /** The stream's id, opening the SSE body first if the exchange has not started it. */
  openedStreamId(): string {
    if (this.streamId === undefined) this.openStream();
    return this.streamId!;
  }

  /** Ends the stream so the client reconnects later; only when the session is resumable. */
  closeStream(): boolean {
    if (!this.session.resumable || this.done) return false;
    if (this.streamId === undefined) this.openStream();
    const stream = this.stream;
    if (!stream) return true;
    // In turn, after what is already queued (the priming event at least) has been written.
    const end = () => {
      if (this.stream === stream) this.stream = undefined;
      stream.end();
    };
    this.queue = (this.queue ?? Promise.resolve()).then(end, end);
    return true;
  }

  /** The session ended: the stream ends with it, and nothing more is written. */
  shut(): void {
    this.due = 0;
    this.stream?.end();
    this.stream = undefined;
    if (this.streamId === undefined) this.reply.end();
  }

  /** A GET with `Last-Event-ID` took over the stream; `replayed` are the event ids it already wrote. */
  attach(stream: LegacySseStream, replayed: Set<string>): void {
    this.stream = stream;
    this.replayed = replayed;
  }

  private openStream(): void {
    this.streamId = this.session.newStreamId();
    const stream = new LegacySseStream(this.reply);
    this.stream = stream;
    stream.start(this.session.headers);
    if (this.session.resumable) {
      this.enqueue('');
    }
  }

  /**
   * Stores (when resumable) then writes, one event after the other; `json` empty: the priming event. A
   * message sent as an object is stored as one (it shares parts such as a form's schema); a response,
   * which arrives as text, is stored as that text.
   */
  private enqueue(json: string, message?: JSONRPCMessage): Promise<void> {
    const streamId = this.streamId!;
    const priming = json === '';
    const write = async () => {
      const eventId = await this.session
        .storeEvent(streamId, message, priming ? PRIMING_EVENT_TEXT : json)
        .catch((error: unknown) => {
          // The event store is out (a fleet's Redis): the client still gets the message, without an id
          // to resume from, rather than a stream that ends with nothing on it.
          if (priming || !this.stream?.open) throw error;
          return undefined;
        });
      const stream = this.stream;
      if (!stream?.open) {
        if (!priming) this.session.fleet?.toStream(streamId, json, eventId);
        return;
      }
      if (eventId !== undefined && this.replayed?.has(eventId)) return;
      if (priming) {
        if (eventId !== undefined) stream.prime(eventId, this.session.retryMs);
      } else stream.event(json, eventId);
    };
    const next = (this.queue ?? Promise.resolve()).then(write, write);
    this.queue = next.catch(() => undefined);
    return next;
  }
}
