import type {
  AuthInfo,
  ClientCapabilities,
  Implementation,
  LoggingLevel,
} from '@modelcontextprotocol/server';
import type { LegacyPeer } from './legacy-peer.js';
import type { RequestAbort } from './request-abort.js';

/** The protocol generation of a request: `modern` is 2026-07-28 and later, `legacy` is the initialize-based wire. */
export type ProtocolEra = 'modern' | 'legacy';

/** A notification the handler sends on its request's stream (progress, logging). */
export interface OutboundNotification {
  method: string;
  params?: Record<string, unknown>;
}

/** What a transport knows about one request; the dispatcher builds the `Context` from it. */
export interface RequestEnvironment {
  era: ProtocolEra;
  protocolVersion: string;
  clientCapabilities: ClientCapabilities | undefined;
  clientInfo?: Implementation | undefined;
  requestId: string | number;
  /** Made by the transport: whether the client cancelled or went away, and the signal for it. */
  abort: RequestAbort;
  authInfo?: AuthInfo | undefined;
  /** Log threshold asked by the client; no `notifications/message` is sent without one. */
  logLevel?: LoggingLevel | undefined;
  progressToken?: string | number | undefined;
  notify(notification: OutboundNotification): Promise<void>;
  /**
   * How long a state sealed for this request's next round lives, when not the server's requestState TTL: a
   * task's round waits for its answers as long as the task lives.
   */
  stateTtlMs?: number;
  /**
   * Present when this call may become a task where its handler calls `ctx.continueAsTask()` (a `per-call`
   * tool, called by a client that declares the Tasks extension): how long the task's state must live.
   */
  taskStart?: { stateTtlMs: number };
  /** The task this request runs, on a run of a task (its spans carry the id). */
  taskId?: string;
  /** Present on legacy requests: the live channel back to the client for push-model requests. */
  legacyPeer?: LegacyPeer;
}
