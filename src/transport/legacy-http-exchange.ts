import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { loadNodeSdk } from '../server/sdk-runtime-loader.js';
import { writeJsonRpcError } from './json-rpc-http-responses.js';
import type { LegacyHttpSessions, LegacySessionRefusal } from './legacy-http-sessions.js';

/**
 * One legacy request on Node: to its session's transport, counted as activity until the response
 * closes (sent, or the client went away), or refused.
 */
export async function serveLegacyExchange(
  sessions: LegacyHttpSessions<NodeStreamableHTTPServerTransport>,
  request: IncomingMessage,
  response: ServerResponse,
  body: unknown,
): Promise<void> {
  // The first legacy request of the process loads the SDK; the modern leg never needs it.
  await loadNodeSdk();
  const header = request.headers['mcp-session-id'];
  const found = await sessions.transportFor(Array.isArray(header) ? header[0] : header, request.method, body);
  if ('refusal' in found) {
    writeRefusal(response, found.refusal);
    return;
  }
  const { activity } = found;
  activity.begin();
  // The client may have gone while the session was looked up; then 'close' has fired already.
  if (response.closed) activity.end();
  else response.once('close', () => activity.end());
  await found.transport.handleRequest(request, response, body);
}

function writeRefusal(response: ServerResponse, refusal: LegacySessionRefusal): void {
  if (refusal.retryAfterSeconds !== undefined) {
    response.setHeader('retry-after', String(refusal.retryAfterSeconds));
  }
  writeJsonRpcError(response, refusal.status, refusal.code, refusal.message);
}
