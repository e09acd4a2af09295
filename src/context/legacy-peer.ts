import type {
  CreateMessageRequestParams,
  CreateMessageResult,
  ElicitRequestFormParams,
  ElicitRequestURLParams,
  ElicitResult,
  ListRootsResult,
} from '@modelcontextprotocol/server';
import type { AbortWatch } from './abort-watch.js';

/** A form- or URL-mode question pushed to a 2025-era client. */
export type PeerElicitParams = ElicitRequestFormParams | ElicitRequestURLParams;

export interface PeerRequestOptions {
  timeoutMs: number;
  /** The call's abort: a request waiting for its answer gives up when it fires. */
  abort: AbortWatch;
  /**
   * The question's identity within its call (`key~attempt`, or `#n~attempt` without a key): a call
   * re-run from its journal recognises the questions it already asked by it.
   */
  questionId?: string;
}

/**
 * What a call records as it goes when another replica may have to re-run it (a fleet's call journal):
 * the stable id its `once` records are kept under, and its `memo` values.
 */
export interface PeerJournal {
  readonly callId: string;
  /** A `memo` value recorded by an earlier run of the call, in its JSON form. */
  memoOf(key: string): { value: unknown } | undefined;
  /** Records a `memo` value (in its JSON form) for a later run. */
  remember(key: string, value: unknown): Promise<void>;
  /**
   * Whether this replica still runs the call (renewing its lease): false once another replica took it
   * over, so a late run must not run a `once` effect or its commits.
   */
  holdsLease?(): Promise<boolean>;
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
  /** Present when the call can be re-run on another replica. */
  readonly journal?: PeerJournal | undefined;
}
