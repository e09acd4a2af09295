import type { IncomingMessage, ServerResponse } from 'node:http';

/** A request guard in the SDK's shape: true lets the request through; false means it already answered. */
export type RequestGuard = (request: IncomingMessage, response: ServerResponse) => boolean;

const REMEMBERED_VALUES = 64;

/**
 * Wraps a guard that depends only on one header (Host, Origin) so values it accepted once pass without
 * running it again: a client sends the same few values on every request, and the SDK's check parses a URL
 * each time. Refusals are never remembered, so they always get the guard's own answer.
 */
export function rememberAccepted(header: 'host' | 'origin', guard: RequestGuard): RequestGuard {
  const accepted = new Set<string | undefined>();
  return (request, response) => {
    const value = request.headers[header];
    if (accepted.has(value)) return true;
    if (!guard(request, response)) return false;
    if (accepted.size < REMEMBERED_VALUES) accepted.add(value);
    return true;
  };
}
