import type {
  CreateMessageRequestParams,
  CreateMessageResult,
  ElicitResult,
  ListRootsResult,
} from '@modelcontextprotocol/server';
import type { AbortWatch } from '../../context/abort-watch.js';
import type { LegacyPeer, PeerElicitParams, PeerRequestOptions } from '../../context/legacy-peer.js';
import type { FleetCallJournal } from './fleet-call-journal.js';
import type { LegacyConnection } from './legacy-connection.js';
import type { JsonRpcId } from './legacy-session-record.types.js';
import { elicitationComplete } from './url-elicitation.registry.js';
import type { UrlElicitationRegistry } from './url-elicitation.registry.js';

/**
 * The push-model channel of one legacy call. Every request is sent as related to the call, so on
 * Streamable HTTP it rides that call's SSE stream (SEP-2260), never the standalone GET stream. On
 * timeout or abort the session's registry tells the client with `notifications/cancelled`.
 */
export class LegacyCallPeer implements LegacyPeer {
  readonly journal: FleetCallJournal | undefined;

  constructor(
    private readonly connection: LegacyConnection,
    private readonly requestId: JsonRpcId,
    private readonly urlElicitations: UrlElicitationRegistry | undefined,
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

  private send<T>(method: string, params: object | undefined, options: PeerRequestOptions): Promise<T> {
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
