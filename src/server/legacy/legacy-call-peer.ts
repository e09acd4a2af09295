import type {
  CreateMessageRequestParams,
  CreateMessageResult,
  ElicitResult,
  ListRootsResult,
} from '@modelcontextprotocol/server';
import type { AbortWatch } from '../../context/abort-watch.js';
import type { LegacyPeer, PeerElicitParams, PeerRequestOptions } from '../../context/legacy-peer.js';
import { RequestCancelledError } from '../../errors/request-cancelled.error.js';
import type { ServerLogger } from '../../shared/server-logger.js';
import { cancelledQuestionLine } from './cancelled-question.formatter.js';
import type { FleetCallJournal } from './fleet-call-journal.js';
import type { LegacyConnection } from './legacy-connection.js';
import type { JsonRpcId } from './legacy-session-record.types.js';
import { reasonText } from './outbound-request.registry.js';
import { ProgressKeepAlive, type ReportedProgress } from './progress-keep-alive.runner.js';
import { elicitationComplete } from './url-elicitation.registry.js';
import type { UrlElicitationRegistry } from './url-elicitation.registry.js';

/** How a legacy call waits on the person answering its questions: the app's settings. */
export interface QuestionWaitSettings {
  /** How often `notifications/progress` goes out while a question waits and the call has a progressToken; 0: never. */
  keepAliveMs: number;
  logger: ServerLogger;
}

/** The call whose questions the peer sends: its progress token and reports, and what to call it in the log. */
export interface WaitingCall extends ReportedProgress {
  readonly progressToken: string | number | undefined;
  /** The call, as `tool "deploy"`, `prompt "draft"` or `resource "file:///a"`. */
  describe(): string;
}

/**
 * The push-model channel of one legacy call. Every request is sent as related to the call, so on
 * Streamable HTTP it rides that call's SSE stream (SEP-2260), never the standalone GET stream. On
 * timeout or abort the session's registry tells the client with `notifications/cancelled`.
 */
export class LegacyCallPeer implements LegacyPeer {
  readonly journal: FleetCallJournal | undefined;
  /** Made by the first question of a call with a progressToken: a call that asks nothing has no keep-alive. */
  private keepAlive: ProgressKeepAlive | undefined;

  constructor(
    private readonly connection: LegacyConnection,
    private readonly requestId: JsonRpcId,
    private readonly urlElicitations: UrlElicitationRegistry | undefined,
    private readonly call?: WaitingCall,
    private readonly waits?: QuestionWaitSettings,
  ) {
    this.journal = connection.journalOf(requestId);
  }

  elicit(params: PeerElicitParams, options: PeerRequestOptions): Promise<ElicitResult> {
    if (params.mode === 'url' && params.elicitationId !== undefined)
      this.urlElicitations?.remember(params.elicitationId, this.connection);
    return this.send('elicitation/create', params, options);
  }

  createMessage(
    params: CreateMessageRequestParams,
    options: PeerRequestOptions,
  ): Promise<CreateMessageResult> {
    return this.send('sampling/createMessage', params, options);
  }

  listRoots(options: PeerRequestOptions): Promise<ListRootsResult> {
    return this.send('roots/list', undefined, options);
  }

  /**
   * Sent on the call's stream while the call runs, else on the session's standalone stream. A client
   * that did not negotiate URL mode never got an elicitationId, so there is nothing to complete.
   */
  async completeElicitation(elicitationId: string): Promise<void> {
    if (!this.connection.acceptsUrlCompletion()) return;
    await this.connection.write({ jsonrpc: '2.0', ...elicitationComplete(elicitationId) }, this.requestId);
  }

  /** Offered on Streamable HTTP with an event store, to a client that can resume (2025-11-25). */
  closeStream(): boolean {
    return this.connection.closeCallStream(this.requestId);
  }

  /**
   * Waits for the answer while the keep-alive beats; when the client cancels the call meanwhile (often its
   * request timeout running out on a person still answering), says so in one line of the server's log.
   */
  private send<T>(method: string, params: object | undefined, options: PeerRequestOptions): Promise<T> {
    const answer = this.sendQuestion<T>(method, params, options);
    const { call, waits } = this;
    if (call === undefined || waits === undefined) return answer;
    const release = this.keepAliveOf(call, waits)?.hold();
    const startedAt = Date.now();
    return answer.then(
      (result) => {
        release?.();
        return result;
      },
      (error: unknown) => {
        release?.();
        // A session that ended, or a question given up on its own timeout, is not the client's cancel.
        if (error instanceof RequestCancelledError && options.abort.aborted && this.connection.isOpen) {
          const line = cancelledQuestionLine({
            call: call.describe(),
            questionId: options.questionId ?? '#~1',
            method,
            waitedMs: Date.now() - startedAt,
            reason: reasonText(options.abort.reason),
            hadProgressToken: call.progressToken !== undefined,
            keepAliveMs: waits.keepAliveMs,
          });
          waits.logger.warn(line);
        }
        throw error;
      },
    );
  }

  private keepAliveOf(call: WaitingCall, waits: QuestionWaitSettings): ProgressKeepAlive | undefined {
    if (this.keepAlive || call.progressToken === undefined || !(waits.keepAliveMs > 0)) return this.keepAlive;
    return (this.keepAlive = new ProgressKeepAlive(waits.keepAliveMs, call.progressToken, call, (params) =>
      this.connection.write({ jsonrpc: '2.0', method: 'notifications/progress', params }, this.requestId),
    ));
  }

  private sendQuestion<T>(
    method: string,
    params: object | undefined,
    options: PeerRequestOptions,
  ): Promise<T> {
    const { journal } = this;
    const { questionId } = options;
    const base = { timeoutMs: options.timeoutMs, abort: options.abort, relatedTo: this.requestId };
    if (!journal || questionId === undefined)
      return this.connection.outbound.request<T>(method, params, base);
    return this.sendJournaled<T>(journal, questionId, method, params, base);
  }

  /**
   * A question of a call another replica may re-run: its id names the journal and the question, and it
   * is journaled before it is sent. A re-run takes a recorded answer as it is, and waits for the answer
   * to a question the client already got rather than asking it again.
   */
  private async sendJournaled<T>(
    journal: FleetCallJournal,
    questionId: string,
    method: string,
    params: object | undefined,
    base: { timeoutMs: number; abort: AbortWatch; relatedTo: JsonRpcId },
  ): Promise<T> {
    const outbound = this.connection.outbound;
    const id = await journal.asking(questionId);
    const recorded = journal.answerOf(questionId);
    if (recorded || journal.wasSent(questionId)) {
      const waiting = outbound.request<T>(method, params, { id, alreadySent: true, ...base });
      if (!recorded) await journal.refresh();
      const answer = journal.answerOf(questionId);
      if (answer) outbound.settle({ id, ...answer });
      return waiting;
    }
    return outbound.request<T>(method, params, {
      id,
      onSent: () => void journal.sent(questionId).catch(() => undefined),
      ...base,
    });
  }
}
