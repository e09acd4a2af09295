import type { ServerContext } from '@modelcontextprotocol/server';

/**
 * The abort signal of one legacy call: the SDK's (a `notifications/cancelled` for the call, or the
 * session closing) joined with the HTTP request's, which fires when the client drops the call's
 * response stream. Without an event store that stream cannot be resumed, so nobody would ever read
 * the result; abandoning the call then frees its pending question instead of waiting out the timeout.
 */
export function callSignal(context: ServerContext): AbortSignal {
  const sdkSignal = context.mcpReq.signal;
  const httpSignal = context.http?.req?.signal;
  return httpSignal ? AbortSignal.any([sdkSignal, httpSignal]) : sdkSignal;
}
