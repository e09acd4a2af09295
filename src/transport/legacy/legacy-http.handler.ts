import type { AuthInfo, JSONRPCMessage } from '@modelcontextprotocol/server';
import { JsonRpcErrorCode } from '../../errors/json-rpc-error-codes.js';
import { StoreUnavailableError } from '../../errors/store-unavailable.error.js';
import type { FleetCallJournal } from '../../server/legacy/fleet-call-journal.js';
import { classifyLegacyMessage } from '../../server/legacy/legacy-message.check.js';
import type { ClassifiedMessage, LegacyRequest } from '../../server/legacy/legacy-message.check.js';
import type { LegacyHttpReply } from './legacy-http-reply.js';
import type { ClientAnswer } from './legacy-answer-delivery.js';
import { fail, refuse, refusedPostHeaders, refusedVersion, unavailable } from './legacy-http-refusals.js';
import type { LegacyHttpSessions } from './legacy-http-sessions.js';
import { holdThroughStoreOutage } from './store-outage-hold.runner.js';
import { LegacyPostExchange } from './legacy-post-exchange.js';
import type { LegacySession } from './legacy-session.js';
import { LegacySseStream } from './legacy-sse-stream.js';

/** One legacy HTTP request, as the Node and the fetch handler both read it. */
export interface LegacyHttpRequest {
  method: string | undefined;
  /** A header's value by its lower-case name. */
  header(name: string): string | undefined;
  body: unknown;
  authInfo: AuthInfo | undefined;
}

/** The most messages one POST may carry, as the SDK allows. */
const MAX_BATCH = 100;

/**
 * 2025-era Streamable HTTP on Elicitor's own sessions, for Node and fetch alike: `initialize` opens a
 * session, POSTs carry its messages, GET opens its standalone stream or resumes one, DELETE ends it.
 * The refusals are the SDK transport's, with the same statuses and codes.
 */
export class LegacyHttpHandler {
  constructor(private readonly sessions: LegacyHttpSessions) {}

  serve(request: LegacyHttpRequest, reply: LegacyHttpReply): void {
    const sessionId = request.header('mcp-session-id');
    if (sessionId === undefined) {
      this.initialize(request, reply);
      return;
    }
    const found = this.sessions.find(sessionId);
    if (!('status' in found)) this.serveSession(found, request, reply);
    else if (!this.sessions.fleet) refuse(reply, found);
    else {
      const answers = answersOnly(request);
      const retiring = answers && this.sessions.retiringCopy(sessionId);
      if (retiring) {
        this.serveSession(retiring, request, reply);
        return;
      }
      // An answer is sent once: while the fleet is out, its POST waits for it (bounded) rather than failing.
      const adopt = () => this.sessions.adopt(sessionId);
      const adopted = answers ? holdThroughStoreOutage(adopt, this.sessions.answerHold) : adopt();
      adopted.then(
        (adopted) => {
          if (!('status' in adopted)) return this.serveSession(adopted, request, reply);
          if (answers && adopted.status === 404)
            this.sessions.answers?.toForgottenSession(sessionId, answers);
          refuse(reply, adopted);
        },
        (error: unknown) => {
          if (answers && error instanceof StoreUnavailableError)
            this.sessions.answers?.oweThroughSession(sessionId, adopt, answers);
          unavailable(reply, error);
        },
      );
    }
  }

  private serveSession(session: LegacySession, request: LegacyHttpRequest, reply: LegacyHttpReply): void {
    session.begin();
    this.sessions.touch(session);
    reply.onFinish(() => session.end());
    if (request.method === 'POST') this.post(session, request, reply);
    else if (request.method === 'GET') this.get(session, request, reply);
    else if (request.method === 'DELETE') this.delete(session, request, reply);
    else {
      fail(reply, 405, JsonRpcErrorCode.ServerError, 'Method not allowed.', { allow: 'GET, POST, DELETE' });
    }
  }

  private initialize(request: LegacyHttpRequest, reply: LegacyHttpReply): void {
    const body = request.body as { method?: unknown } | null | undefined;
    if (request.method !== 'POST' || typeof body !== 'object' || body?.method !== 'initialize') {
      fail(reply, 400, JsonRpcErrorCode.ServerError, 'Bad Request: no valid session; send initialize first');
      return;
    }
    const id = this.sessions.reserve();
    if (typeof id !== 'string') {
      refuse(reply, id);
      return;
    }
    if (refusedPostHeaders(request, reply)) return;
    const classified = classifyLegacyMessage(body);
    if (classified.kind !== 'request') {
      fail(reply, 400, JsonRpcErrorCode.ParseError, 'Parse error: Invalid JSON-RPC message');
      return;
    }
    const opened = this.sessions.legacy.initialize(id, classified.message);
    if ('refusal' in opened) {
      reply.json(200, opened.refusal);
      return;
    }
    if (this.sessions.fleet) {
      this.sessions.admit(opened.record).then(
        (admitted) => {
          if ('status' in admitted) refuse(reply, admitted);
          else reply.json(200, opened.reply, admitted.headers);
        },
        (error: unknown) => unavailable(reply, error),
      );
      return;
    }
    const session = this.sessions.open(opened.record);
    session.begin();
    reply.onFinish(() => session.end());
    reply.json(200, opened.reply, session.headers);
  }

  private post(session: LegacySession, request: LegacyHttpRequest, reply: LegacyHttpReply): void {
    if (refusedPostHeaders(request, reply)) return;
    const body = request.body;
    const batch = Array.isArray(body);
    const raw: unknown[] = batch ? body : [body];
    if (raw.length > MAX_BATCH) {
      fail(
        reply,
        400,
        JsonRpcErrorCode.InvalidRequest,
        `Invalid Request: Batch must not exceed ${MAX_BATCH} messages`,
      );
      return;
    }
    const messages: ClassifiedMessage[] = [];
    const requests: LegacyRequest[] = [];
    for (const value of raw) {
      const message = classifyLegacyMessage(value);
      if (message.kind === 'invalid') {
        fail(reply, 400, JsonRpcErrorCode.ParseError, 'Parse error: Invalid JSON-RPC message');
        return;
      }
      if (message.kind === 'request') {
        if (message.message.method === 'initialize') {
          fail(reply, 400, JsonRpcErrorCode.InvalidRequest, 'Invalid Request: Server already initialized');
          return;
        }
        requests.push(message.message);
      }
      messages.push(message);
    }
    if (refusedVersion(request, reply)) return;
    const legacy = this.sessions.legacy;
    const connection = session.connection;
    if (requests.length === 0) {
      if (this.sessions.relay) {
        Promise.all(messages.map((message) => this.relayed(session, message))).then(
          () => reply.empty(202, session.headers),
          (error: unknown) => unavailable(reply, error),
        );
        return;
      }
      for (const message of messages) this.deliver(session, message);
      reply.empty(202, session.headers);
      return;
    }
    const exchange = new LegacyPostExchange(
      session,
      reply,
      requests.map((message) => message.id),
      batch,
    );
    for (const { id } of requests) session.track(id, exchange);
    const authInfo = request.authInfo;
    const calls = this.sessions.calls;
    if (calls) exchange.keepsRunning = (id) => connection.journalOf(id)?.opened ?? false;
    for (const message of messages) {
      if (message.kind !== 'request') {
        this.deliver(session, message);
        continue;
      }
      const abort = exchange.aborts.get(message.message.id)!;
      const journal = calls?.journalFor(session, message.message, authInfo);
      connection.keepJournal(message.message.id, journal);
      const run = legacy.handleRequest(connection, message.message, { abort, authInfo });
      const handled = journal
        ? run.then((json) =>
            finishJournal(journal, json, () => connection.keepJournal(message.message.id, undefined)),
          )
        : run;
      // With a fleet, a request that changed the session's record answers once the fleet has it.
      const settled =
        this.sessions.relay && RECORD_METHODS.has(message.message.method)
          ? handled.then((json) => this.saveRecord(session, json))
          : handled;
      // A cancelled request gets no response: the client gave up on it.
      // A run that lost its call to another replica answers no one: the other replica does.
      void settled.then((json) => exchange.answer(abort.aborted || journal?.lost ? undefined : json));
    }
  }

  private deliver(session: LegacySession, message: ClassifiedMessage): void {
    const legacy = this.sessions.legacy;
    if (message.kind === 'notification') {
      legacy.handleNotification(session.connection, message.method, message.params);
    } else if (message.kind === 'response') {
      legacy.handleResponse(session.connection, message.message);
    }
  }

  /**
   * One message without a response, with a fleet: what this replica cannot settle (an answer to another
   * replica's question, the cancellation of a call running elsewhere) goes on the session's channel.
   */
  private async relayed(session: LegacySession, message: ClassifiedMessage): Promise<void> {
    const relay = this.sessions.relay!;
    const connection = session.connection;
    if (message.kind === 'response') {
      await this.sessions.answers!.deliver(session, message.message);
    } else if (message.kind === 'notification') {
      if (message.method === 'notifications/cancelled') {
        const requestId = (message.params as { requestId?: unknown } | undefined)?.requestId;
        if (!connection.runs(requestId as string)) {
          await relay.publish(session.id, { t: 'cancel', params: message.params });
          return;
        }
      }
      this.deliver(session, message);
      if (message.method === 'notifications/initialized')
        await relay.saveRecord(session, this.sessions.idleTimeoutMs);
    }
  }

  /** The reply of a request that changed the session's record, once the fleet has the new record. */
  private saveRecord(session: LegacySession, json: string): Promise<string> {
    return this.sessions.relay!.saveRecord(session, this.sessions.idleTimeoutMs).then(
      () => json,
      (error: unknown) => {
        const failure =
          error instanceof StoreUnavailableError
            ? error
            : new StoreUnavailableError(this.sessions.fleet!.name, error);
        const id = (JSON.parse(json) as { id: unknown }).id;
        return JSON.stringify({
          jsonrpc: '2.0',
          id,
          error: { code: failure.rpcCode, message: failure.message, data: failure.data },
        });
      },
    );
  }

  private get(session: LegacySession, request: LegacyHttpRequest, reply: LegacyHttpReply): void {
    if (!(request.header('accept') ?? '').includes('text/event-stream')) {
      fail(reply, 406, JsonRpcErrorCode.ServerError, 'Not Acceptable: Client must accept text/event-stream');
      return;
    }
    if (refusedVersion(request, reply)) return;
    const lastEventId = request.header('last-event-id');
    if (lastEventId && this.sessions.resumability?.eventStore) {
      this.replay(session, lastEventId, reply).catch((error: unknown) =>
        error instanceof StoreUnavailableError
          ? unavailable(reply, error)
          : fail(reply, 500, JsonRpcErrorCode.ServerError, 'Error replaying events'),
      );
      return;
    }
    if (session.standalone?.open) {
      fail(reply, 409, JsonRpcErrorCode.ServerError, 'Conflict: Only one SSE stream is allowed per session');
      return;
    }
    const stream = new LegacySseStream(reply);
    stream.start(session.headers);
    session.standalone = stream;
  }

  /** A GET with `Last-Event-ID`: the later events of that stream, then the stream itself while it lives. */
  private async replay(session: LegacySession, lastEventId: string, reply: LegacyHttpReply): Promise<void> {
    const store = this.sessions.resumability!.eventStore!;
    if (store.getStreamIdForEventId) {
      const streamId = await store.getStreamIdForEventId(lastEventId);
      if (streamId === undefined || !session.ownsStream(streamId)) {
        fail(reply, 400, JsonRpcErrorCode.ServerError, 'Invalid event ID format');
        return;
      }
      const busy =
        streamId === session.standaloneId
          ? session.standalone?.open
          : session.exchangeOfStream(streamId)?.attached;
      if (busy) {
        fail(reply, 409, JsonRpcErrorCode.ServerError, 'Conflict: Stream already has an active connection');
        return;
      }
    }
    const events: Array<[string, JSONRPCMessage]> = [];
    const streamId = await store.replayEventsAfter(lastEventId, {
      send: async (eventId, message) => void events.push([eventId, message]),
    });
    if (!session.ownsStream(streamId)) {
      fail(reply, 400, JsonRpcErrorCode.ServerError, 'Invalid event ID format');
      return;
    }
    if (!session.connection.isOpen) {
      fail(reply, 404, JsonRpcErrorCode.SessionNotFound, 'Session not found');
      return;
    }
    const stream = new LegacySseStream(reply);
    stream.start(session.headers);
    const replayed = new Set<string>();
    for (const [eventId, message] of events) {
      replayed.add(eventId);
      stream.event(JSON.stringify(message), eventId);
    }
    if (streamId === session.standaloneId) {
      session.standalone = stream;
      return;
    }
    const exchange = session.exchangeOfStream(streamId);
    if (exchange && !exchange.done) exchange.attach(stream, replayed);
    else if (this.sessions.calls && !exchange) {
      const messages = events.map(([, message]) => message);
      await this.sessions.calls.take(session, streamId, stream, replayed, messages, lastEventId);
    } else stream.end();
  }

  private delete(session: LegacySession, request: LegacyHttpRequest, reply: LegacyHttpReply): void {
    if (refusedVersion(request, reply)) return;
    this.sessions.close(session).then(
      () => reply.empty(200),
      (error: unknown) => unavailable(reply, error),
    );
  }
}

/** The call's response, once its journal (if it asked anything) records it. */
function finishJournal(journal: FleetCallJournal, json: string, forget: () => void): Promise<string> {
  const done = () => {
    forget();
    return json;
  };
  return journal.finish(json).then(done, done);
}

/** The methods that change a session's record (log level, subscriptions). */
const RECORD_METHODS = new Set(['logging/setLevel', 'resources/subscribe', 'resources/unsubscribe']);

/** The responses a POST carries when it carries nothing else: the answers a client sends once. */
function answersOnly(request: LegacyHttpRequest): ClientAnswer[] | undefined {
  if (request.method !== 'POST') return undefined;
  const answers: ClientAnswer[] = [];
  for (const value of Array.isArray(request.body) ? (request.body as unknown[]) : [request.body]) {
    const message = classifyLegacyMessage(value);
    if (message.kind !== 'response') return undefined;
    answers.push(message.message);
  }
  return answers.length > 0 ? answers : undefined;
}
