import { SdkError, SdkErrorCode } from '@modelcontextprotocol/server';
import type {
  CreateMessageRequestParams,
  CreateMessageResult,
  ElicitRequestFormParams,
  ElicitRequestURLParams,
  ElicitResult,
  ListRootsResult,
  Server,
  ServerContext,
} from '@modelcontextprotocol/server';
import type { LegacyPeer, PeerRequestOptions } from '../../context/legacy-peer.js';
import { RequestTimeoutError } from '../../errors/request-timeout.error.js';

/** The push-model channel of one legacy call, on the SDK's request context (so it rides that call's stream). */
export class SdkLegacyPeer implements LegacyPeer {
  constructor(
    private readonly server: Server,
    private readonly context: ServerContext,
  ) {}

  elicit(params: ElicitRequestFormParams | ElicitRequestURLParams, options: PeerRequestOptions): Promise<ElicitResult> {
    return this.guard('elicitation/create', options, () =>
      this.context.mcpReq.elicitInput(params, { timeout: options.timeoutMs, signal: options.signal }),
    );
  }

  createMessage(params: CreateMessageRequestParams, options: PeerRequestOptions): Promise<CreateMessageResult> {
    return this.guard('sampling/createMessage', options, async () => {
      const result = await this.context.mcpReq.requestSampling(params, {
        timeout: options.timeoutMs,
        signal: options.signal,
      });
      return result as CreateMessageResult;
    });
  }

  listRoots(options: PeerRequestOptions): Promise<ListRootsResult> {
    return this.guard('roots/list', options, () =>
      this.context.mcpReq.send({ method: 'roots/list' }, { timeout: options.timeoutMs, signal: options.signal }),
    );
  }

  async completeElicitation(elicitationId: string): Promise<void> {
    await this.server.createElicitationCompletionNotifier(elicitationId)();
  }

  private async guard<T>(method: string, options: PeerRequestOptions, send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) {
        throw new RequestTimeoutError(method, options.timeoutMs);
      }
      throw error;
    }
  }
}
