import type { ClientCapabilities, Implementation, LoggingLevel } from '@modelcontextprotocol/server';
import { JsonRpcErrorCode } from '../../errors/json-rpc-error-codes.js';
import { McpProtocolError } from '../../errors/protocol.error.js';
import {
  META_CLIENT_CAPABILITIES,
  META_CLIENT_INFO,
  META_LOG_LEVEL,
  META_PROTOCOL_VERSION,
  MODERN_PROTOCOL_VERSIONS,
} from '../protocol-versions.js';
import { isRecord } from '../../shared/is-record.js';

/** A JSON-RPC request or notification whose envelope has been checked. */
export interface CheckedMessage {
  id: string | number | undefined;
  method: string;
  params: Record<string, unknown>;
}

/** The `_meta` every modern request must carry. */
export interface RequestMeta {
  protocolVersion: string;
  clientCapabilities: ClientCapabilities;
  clientInfo: Implementation | undefined;
  logLevel: LoggingLevel | undefined;
  progressToken: string | number | undefined;
}

const LOG_LEVELS = new Set(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']);

/** Hand-written checks of the few envelope fields; no schema library walks each message. */
export function checkEnvelope(message: unknown): CheckedMessage {
  if (!isRecord(message) || message.jsonrpc !== '2.0' || typeof message.method !== 'string') {
    throw new McpProtocolError(
      JsonRpcErrorCode.InvalidRequest,
      'Invalid Request: expected a JSON-RPC 2.0 request',
      undefined,
      400,
    );
  }
  const id = message.id;
  if (id !== undefined && typeof id !== 'string' && typeof id !== 'number') {
    throw new McpProtocolError(
      JsonRpcErrorCode.InvalidRequest,
      'Invalid Request: id must be a string or a number',
      undefined,
      400,
    );
  }
  const params = message.params;
  if (params !== undefined && !isRecord(params)) {
    throw new McpProtocolError(
      JsonRpcErrorCode.InvalidParams,
      'Invalid params: params must be an object',
      undefined,
      400,
    );
  }
  return { id, method: message.method, params: (params as Record<string, unknown> | undefined) ?? {} };
}

/**
 * Reads and checks the shape of `params._meta`: protocol version and client capabilities are required.
 * Whether the version is supported is `assertSupportedVersion`'s call, made after the headers are
 * compared with the body (a header that disagrees is a header mismatch, not an unsupported version).
 */
export function readRequestMeta(params: Record<string, unknown>): RequestMeta {
  const meta = params._meta;
  if (!isRecord(meta)) throw invalidMeta('params._meta is required on every 2026-07-28 request');
  const protocolVersion = meta[META_PROTOCOL_VERSION];
  if (typeof protocolVersion !== 'string') throw invalidMeta(`_meta["${META_PROTOCOL_VERSION}"] is required`);
  const clientCapabilities = meta[META_CLIENT_CAPABILITIES];
  if (!isRecord(clientCapabilities))
    throw invalidMeta(`_meta["${META_CLIENT_CAPABILITIES}"] must be an object`);
  const clientInfo = meta[META_CLIENT_INFO];
  const logLevel = meta[META_LOG_LEVEL];
  const progressToken = meta.progressToken;
  return {
    protocolVersion,
    clientCapabilities: clientCapabilities as ClientCapabilities,
    clientInfo: isRecord(clientInfo) ? (clientInfo as Implementation) : undefined,
    logLevel:
      typeof logLevel === 'string' && LOG_LEVELS.has(logLevel) ? (logLevel as LoggingLevel) : undefined,
    progressToken:
      typeof progressToken === 'string' || typeof progressToken === 'number' ? progressToken : undefined,
  };
}

/** `JsonRpcErrorCode.UnsupportedProtocolVersion` (HTTP 400) naming the versions this server speaks, for a version it does not. */
export function assertSupportedVersion(protocolVersion: string): void {
  if (MODERN_PROTOCOL_VERSIONS.includes(protocolVersion)) return;
  throw new McpProtocolError(
    JsonRpcErrorCode.UnsupportedProtocolVersion,
    'Unsupported protocol version',
    { supported: [...MODERN_PROTOCOL_VERSIONS], requested: protocolVersion },
    400,
  );
}

function invalidMeta(message: string): McpProtocolError {
  return new McpProtocolError(JsonRpcErrorCode.InvalidParams, `Invalid params: ${message}`, undefined, 400);
}
