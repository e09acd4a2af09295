import type {
  CreateMessageRequestParams,
  CreateMessageResult,
  ElicitResult,
  ListRootsResult,
  Server,
  ServerContext,
} from '@modelcontextprotocol/server';
import type { LegacyPeer, PeerElicitParams, PeerRequestOptions } from '../../context/legacy-peer.js';
import { RequestCancelledError } from '../../errors/request-cancelled.error.js';
import { RequestTimeoutError } from '../../errors/request-timeout.error.js';
import { acceptsUrlCompletion, elicitationComplete } from './url-elicitation.registry.js';
import type { UrlElicitationRegistry } from './url-elicitation.registry.js';
import { serverSdkNow } from '../sdk-runtime-loader.js';

/**
 * The push-model channel of one legacy call. Every request is sent with the call's request id, so on
 * Streamable HTTP it rides that call's SSE stream (SEP-2260), never the standalone GET stream. On
 * timeout or abort the SDK sends `notifications/cancelled` for the abandoned request itself.
 */
export class SdkLegacyPeer implements LegacyPeer {
  constructor(
    private readonly server: Server,
    private readonly context: ServerContext,
    private readonly urlElicitations?: UrlElicitationRegistry,
  ) {}

  /**
   * Sent with `ctx.mcpReq.send` rather than `elicitInput`: that one adds `mode` (absent on 2025-06-18),
   * has no related request id, and fails a schema mismatch outright where Elicitor asks again.
   */
  elicit(params: PeerElicitParams, options: PeerRequestOptions): Promise<ElicitResult> {
    if (params.mode === 'url' && params.elicitationId !== undefined)
      this.urlElicitations?.remember(params.elicitationId, this.server);
    return this.guard('elicitation/create', options, () =>
      this.context.mcpReq.send({ method: 'elicitation/create', params }, this.requestOptions(options)),
    );
  }

  createMessage(
    params: CreateMessageRequestParams,
    options: PeerRequestOptions,
  ): Promise<CreateMessageResult> {
    return this.guard('sampling/createMessage', options, async () => {
      const result = await this.context.mcpReq.requestSampling(params, this.requestOptions(options));
      return result as CreateMessageResult;
    });
  }

  listRoots(options: PeerRequestOptions): Promise<ListRootsResult> {
    return this.guard('roots/list', options, () =>
      this.context.mcpReq.send({ method: 'roots/list' }, this.requestOptions(options)),
    );
  }

  /**
   * Sent on the call's stream while the call runs, else on the session's standalone stream. A client
   * that did not negotiate URL mode never got an elicitationId, so there is nothing to complete.
   */
  async completeElicitation(elicitationId: string): Promise<void> {
    if (!acceptsUrlCompletion(this.server)) return;
    const notification = elicitationComplete(elicitationId);
    try {
      await this.context.mcpReq.notify(notification);
    } catch {
      await this.server.notification(notification as never);
    }
  }

  /**
   * The SDK offers this only on Streamable HTTP with an event store and a client that can resume
   * (2025-11-25): the client reconnects with `Last-Event-ID` and the call goes on.
   */
  closeStream(): boolean {
    const close = this.context.http?.closeSSE;
    if (!close) return false;
    close();
    return true;
  }

  private requestOptions(options: PeerRequestOptions) {
    return { timeout: options.timeoutMs, signal: options.signal, relatedRequestId: this.context.mcpReq.id };
  }

  /** The SDK reports aborts as timeouts too; the call's signal tells them apart. */
  private async guard<T>(method: string, options: PeerRequestOptions, send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      if (options.signal.aborted) throw new RequestCancelledError(method, reasonText(options.signal.reason));
      const { SdkError, SdkErrorCode } = serverSdkNow();
      if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) {
        throw new RequestTimeoutError(method, options.timeoutMs);
      }
      if (error instanceof SdkError && error.code === SdkErrorCode.ConnectionClosed) {
        throw new RequestCancelledError(method, 'the connection closed');
      }
      throw error;
    }
  }
}

function reasonText(reason: unknown): string {
  if (reason instanceof Error) return reason.message;
  return reason === undefined ? 'the call was cancelled' : String(reason);
}
