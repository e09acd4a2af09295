import type {
  CreateMessageRequestParams,
  CreateMessageResult,
  ElicitRequestFormParams,
  ElicitRequestURLParams,
  ElicitResult,
  ListRootsResult,
} from '@modelcontextprotocol/server';

/** A form- or URL-mode question pushed to a 2025-era client. */
export type PeerElicitParams = ElicitRequestFormParams | ElicitRequestURLParams;

export interface PeerRequestOptions {
  timeoutMs: number;
  signal: AbortSignal;
}

/** The server-to-client requests of the push model, as the legacy transport offers them for one call. */
export interface LegacyPeer {
  elicit(params: PeerElicitParams, options: PeerRequestOptions): Promise<ElicitResult>;
  createMessage(
    params: CreateMessageRequestParams,
    options: PeerRequestOptions,
  ): Promise<CreateMessageResult>;
  listRoots(options: PeerRequestOptions): Promise<ListRootsResult>;
  completeElicitation(elicitationId: string): Promise<void>;
  /** Ends the call's SSE stream when the session is resumable; returns whether it did. */
  closeStream(): boolean;
}
