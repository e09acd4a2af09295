import type { AuthInfo } from '@modelcontextprotocol/server';
import type { LegacyHttpHandler } from './legacy-http.handler.js';
import { FetchLegacyReply } from './legacy-fetch-reply.js';

/**
 * One legacy request on web-standard `Request`/`Response`, served by Elicitor's own sessions; an SSE
 * answer streams, and cancelling its body is the client going away.
 */
export function serveLegacyFetch(
  handler: LegacyHttpHandler,
  request: Request,
  body: unknown,
  authInfo: AuthInfo | undefined,
): Promise<Response> {
  const reply = new FetchLegacyReply();
  handler.serve(
    {
      method: request.method,
      header: (name) => request.headers.get(name) ?? undefined,
      body,
      authInfo,
    },
    reply,
  );
  return reply.response;
}
