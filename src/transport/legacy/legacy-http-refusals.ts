import { JsonRpcErrorCode } from '../../errors/json-rpc-error-codes.js';
import { StoreUnavailableError } from '../../errors/store-unavailable.error.js';
import { LEGACY_PROTOCOL_VERSIONS } from '../../server/protocol-versions.js';
import type { LegacyHttpReply } from './legacy-http-reply.js';
import type { LegacySessionRefusal } from './legacy-http-sessions.js';

// The refusals of the legacy HTTP handler, as JSON-RPC errors with the SDK transport's statuses.

/** The headers of a legacy HTTP request, by lower-case name. */
interface RequestHeaders {
  header(name: string): string | undefined;
}

/** A POST must accept both JSON and SSE, and send JSON. */
export function refusedPostHeaders(request: RequestHeaders, reply: LegacyHttpReply): boolean {
  const accept = request.header('accept') ?? '';
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
    fail(
      reply,
      406,
      JsonRpcErrorCode.ServerError,
      'Not Acceptable: Client must accept both application/json and text/event-stream',
    );
    return true;
  }
  const type = (request.header('content-type') ?? '').split(';', 1)[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    fail(
      reply,
      415,
      JsonRpcErrorCode.ServerError,
      'Unsupported Media Type: Content-Type must be application/json',
    );
    return true;
  }
  return false;
}

/** After `initialize`, an `MCP-Protocol-Version` header must name a 2025-era version; none means the negotiated one. */
export function refusedVersion(request: RequestHeaders, reply: LegacyHttpReply): boolean {
  const version = request.header('mcp-protocol-version');
  if (version === undefined || LEGACY_PROTOCOL_VERSIONS.includes(version)) return false;
  fail(
    reply,
    400,
    JsonRpcErrorCode.ServerError,
    `Bad Request: Unsupported protocol version: ${version} (supported versions: ${LEGACY_PROTOCOL_VERSIONS.join(', ')})`,
  );
  return true;
}

/** The fleet could not be reached: a retryable error that names it, as the store's faults do. */
export function unavailable(reply: LegacyHttpReply, error: unknown): void {
  const failure = error instanceof StoreUnavailableError ? error : new StoreUnavailableError('fleet', error);
  fail(reply, failure.httpStatus, failure.rpcCode, failure.message, {
    'retry-after': String(failure.retryAfterSeconds),
  });
}

export function refuse(reply: LegacyHttpReply, refusal: LegacySessionRefusal): void {
  fail(
    reply,
    refusal.status,
    refusal.code,
    refusal.message,
    refusal.retryAfterSeconds !== undefined
      ? { 'retry-after': String(refusal.retryAfterSeconds) }
      : undefined,
  );
}

export function fail(
  reply: LegacyHttpReply,
  status: number,
  code: number,
  message: string,
  headers?: Record<string, string>,
): void {
  reply.json(status, JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } }), headers);
}
