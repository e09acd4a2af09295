import type { IncomingMessage, ServerResponse } from 'node:http';

/** A request guard in the SDK's shape: true lets the request through; false means it already answered. */
export type RequestGuard = (request: IncomingMessage, response: ServerResponse) => boolean;

const REMEMBERED_VALUES = 64;

// One reader a header, each reading a fixed name: a read by a name held in a variable, shared by both
// guards, would make V8's cache of that property access generic (megamorphic), a slower lookup per request.
const HEADER_READERS = {
  host: (request: IncomingMessage) => request.headers.host,
  origin: (request: IncomingMessage) => request.headers.origin,
} as const;

/**
 * Wraps a guard that depends only on one header (Host, Origin) so values it accepted once pass without
 * running it again: a client sends the same few values on every request, and the SDK's check parses a URL
 * each time. Refusals are never remembered, so they always get the guard's own answer.
 */
export function rememberAccepted(header: 'host' | 'origin', guard: RequestGuard): RequestGuard {
  const accepted = new Set<string | undefined>();
  const read = HEADER_READERS[header];
  return (request, response) => {
    const value = read(request);
    if (accepted.has(value)) return true;
    if (!guard(request, response)) return false;
    if (accepted.size < REMEMBERED_VALUES) accepted.add(value);
    return true;
  };
}
