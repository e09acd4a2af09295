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
  return httpSignal ? eitherSignal(sdkSignal, httpSignal) : sdkSignal;
}

/** `AbortSignal.any` arrived in Node 20.3; the package supports every Node 20. */
function eitherSignal(first: AbortSignal, second: AbortSignal): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([first, second]);
  const joined = new AbortController();
  for (const signal of [first, second]) {
    if (signal.aborted) joined.abort(signal.reason);
    else signal.addEventListener('abort', () => joined.abort(signal.reason), { once: true });
  }
  return joined.signal;
}
