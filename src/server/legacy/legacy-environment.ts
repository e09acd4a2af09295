import type {
  AuthInfo,
  ClientCapabilities,
  Implementation,
  LoggingLevel,
} from '@modelcontextprotocol/server';
import type { LegacyPeer } from '../../context/legacy-peer.js';
import type { RequestAbort } from '../../context/request-abort.js';
import type { OutboundNotification, RequestEnvironment } from '../../context/request-environment.js';
import { LegacyCallPeer, type QuestionWaitSettings, type WaitingCall } from './legacy-call-peer.js';
import type { LegacyConnection } from './legacy-connection.js';
import type { JsonRpcId } from './legacy-session-record.types.js';
import { negotiatedCapabilities } from './negotiated-capabilities.js';
import type { UrlElicitationRegistry } from './url-elicitation.registry.js';

/** The environment of one legacy request: what `initialize` settled for its session, and its way back. */
export class LegacyEnvironment implements RequestEnvironment, WaitingCall {
  readonly era = 'legacy' as const;
  readonly protocolVersion: string;
  readonly clientCapabilities: ClientCapabilities | undefined;
  readonly clientInfo: Implementation | undefined;
  readonly progressToken: string | number | undefined;
  readonly legacyPeer: LegacyPeer;
  /** The last progress the handler reported, which the keep-alive's beats stay above. */
  lastProgress: number | undefined;

  constructor(
    readonly requestId: JsonRpcId,
    /** The session the request came on (tasks push their questions and status to it). */
    readonly connection: LegacyConnection,
    readonly abort: RequestAbort,
    readonly authInfo: AuthInfo | undefined,
    progressToken: unknown,
    urlElicitations: UrlElicitationRegistry | undefined,
    /** The request that started the call, named in the log when the client cancels it mid-question. */
    private readonly request?: { method: string; params?: unknown },
    waits?: QuestionWaitSettings,
  ) {
    const record = connection.record;
    this.protocolVersion = record.protocolVersion;
    this.clientCapabilities = negotiatedCapabilities(record.clientCapabilities, record.protocolVersion);
    this.clientInfo = record.clientInfo;
    this.progressToken =
      typeof progressToken === 'string' || typeof progressToken === 'number' ? progressToken : undefined;
    this.legacyPeer = new LegacyCallPeer(connection, requestId, urlElicitations, this, waits);
  }

  describe(): string {
    const method = this.request?.method ?? 'the call';
    const params = (this.request?.params ?? {}) as { name?: unknown; uri?: unknown };
    const [kind, name] =
      method === 'tools/call'
        ? ['tool', params.name]
        : method === 'prompts/get'
          ? ['prompt', params.name]
          : method === 'resources/read'
            ? ['resource', params.uri]
            : [method, undefined];
    return typeof name === 'string' ? `${kind} "${name}"` : kind;
  }

  /** The session's `logging/setLevel`, read when a message is logged; every level until it is set. */
  get logLevel(): LoggingLevel {
    return this.connection.record.logLevel ?? 'debug';
  }

  /** On the call's own stream; a call already answered or abandoned sends nothing more. */
  notify(notification: OutboundNotification): Promise<void> {
    if (this.abort.aborted) return Promise.resolve();
    if (notification.method === 'notifications/progress') {
      const progress = notification.params?.progress;
      if (typeof progress === 'number') this.lastProgress = progress;
    }
    return this.connection.write({ jsonrpc: '2.0', ...notification }, this.requestId);
  }
}
