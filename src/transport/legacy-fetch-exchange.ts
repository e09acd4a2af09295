import type { AuthInfo, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import type { LegacyHttpSessions, LegacySessionRefusal } from './legacy-http-sessions.js';
import { loadServerSdk } from '../server/sdk-runtime-loader.js';
import { onBodySettled } from './web-body-settled.js';
import { jsonRpcErrorResponse } from './web-json-responses.js';

/**
 * One legacy request on web-standard `Request`/`Response`: to its session's transport, counted as
 * activity until the returned body ends or is cancelled (an SSE stream stays open until then), or refused.
 */
export async function serveLegacyFetch(
  sessions: LegacyHttpSessions<WebStandardStreamableHTTPServerTransport>,
  request: Request,
  body: unknown,
  authInfo: AuthInfo | undefined,
): Promise<Response> {
  // The first legacy request of the process loads the SDK; the modern leg never needs it.
  await loadServerSdk();
  const sessionId = request.headers.get('mcp-session-id') ?? undefined;
  const found = await sessions.transportFor(sessionId, request.method, body);
  if ('refusal' in found) return refusalResponse(found.refusal);
  const { activity } = found;
  activity.begin();
  let response: Response;
  try {
    response = await found.transport.handleRequest(request, {
      ...(body !== undefined ? { parsedBody: body } : {}),
      ...(authInfo ? { authInfo } : {}),
    });
  } catch (error) {
    activity.end();
    throw error;
  }
  return onBodySettled(response, () => activity.end());
}

function refusalResponse(refusal: LegacySessionRefusal): Response {
  const response = jsonRpcErrorResponse(refusal.status, refusal.code, refusal.message);
  if (refusal.retryAfterSeconds !== undefined) {
    response.headers.set('retry-after', String(refusal.retryAfterSeconds));
  }
  return response;
}
