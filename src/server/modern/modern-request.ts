import type { AuthInfo } from '@modelcontextprotocol/server';
import type { RequestAbort } from '../../context/request-abort.js';
import type { OutboundNotification } from '../../context/request-environment.js';

/** The MCP headers of a modern HTTP request (absent on stdio). */
export interface ModernHeaders {
  protocolVersion: string | undefined;
  method: string | undefined;
  name: string | undefined;
  /** `Mcp-Param-*` headers, lower-cased names without the prefix. */
  params: Record<string, string>;
}

/** One modern message handed over by a transport. */
export interface ModernRequest {
  message: unknown;
  headers: ModernHeaders | undefined;
  /** Made by the transport, passed unchanged to the environment and the context. */
  abort: RequestAbort;
  authInfo?: AuthInfo | undefined;
  notify(notification: OutboundNotification): Promise<void>;
}

/** What the transport sends back: a JSON-RPC response (none for notifications) and its HTTP status. */
export interface ModernReply {
  status: number;
  body: Record<string, unknown> | undefined;
  /** The body already serialised, when the handler has it ready (static results). */
  json?: string;
  /** Sent as `Retry-After` with a 503: the call may be retried after this many seconds. */
  retryAfterSeconds?: number;
}
