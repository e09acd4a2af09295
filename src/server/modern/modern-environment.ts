import type {
  AuthInfo,
  ClientCapabilities,
  Implementation,
  LoggingLevel,
} from '@modelcontextprotocol/server';
import type { OutboundNotification, RequestEnvironment } from '../../context/request-environment.js';
import type { RequestMeta } from './envelope.js';
import type { ModernRequest } from './modern-request.js';

/**
 * The environment of one modern request. A class rather than an object literal: one allocation per
 * request, with the accessors on the prototype instead of fresh closures.
 */
export class ModernEnvironment implements RequestEnvironment {
  readonly era = 'modern' as const;
  readonly protocolVersion: string;
  readonly clientCapabilities: ClientCapabilities;
  readonly clientInfo: Implementation | undefined;
  readonly authInfo: AuthInfo | undefined;
  readonly logLevel: LoggingLevel | undefined;
  readonly progressToken: string | number | undefined;

  constructor(
    readonly requestId: string | number,
    meta: RequestMeta,
    private readonly request: ModernRequest,
  ) {
    this.protocolVersion = meta.protocolVersion;
    this.clientCapabilities = meta.clientCapabilities;
    this.clientInfo = meta.clientInfo;
    this.authInfo = request.authInfo;
    this.logLevel = meta.logLevel;
    this.progressToken = meta.progressToken;
  }

  get signal(): AbortSignal {
    return this.request.signal;
  }

  aborted(): boolean {
    const request = this.request;
    return request.aborted ? request.aborted() : request.signal.aborted;
  }

  notify(notification: OutboundNotification): Promise<void> {
    return this.request.notify(notification);
  }
}
