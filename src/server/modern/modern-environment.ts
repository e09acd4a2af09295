import type {
  AuthInfo,
  ClientCapabilities,
  Implementation,
  LoggingLevel,
} from '@modelcontextprotocol/server';
import type { RequestAbort } from '../../context/request-abort.js';
import type { OutboundNotification, RequestEnvironment } from '../../context/request-environment.js';
import type { RequestMeta } from './envelope.js';
import type { ModernRequest } from './modern-request.js';

/** The environment of one modern request: its `_meta`, and the transport's abort and way back. */
export class ModernEnvironment implements RequestEnvironment {
  readonly era = 'modern' as const;
  readonly protocolVersion: string;
  readonly clientCapabilities: ClientCapabilities;
  readonly clientInfo: Implementation | undefined;
  readonly authInfo: AuthInfo | undefined;
  readonly logLevel: LoggingLevel | undefined;
  readonly progressToken: string | number | undefined;
  readonly abort: RequestAbort;

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
    this.abort = request.abort;
  }

  notify(notification: OutboundNotification): Promise<void> {
    return this.request.notify(notification);
  }
}
