import type { ServerResponse } from 'node:http';
import type { AuthReply } from './auth-reply.js';

/** Writes an auth reply on a Node response. */
export function writeAuthReply(response: ServerResponse, reply: AuthReply): void {
  const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
  response.writeHead(reply.status, {
    ...reply.headers,
    ...(text ? { 'content-type': 'application/json' } : {}),
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

/** An auth reply as a web `Response`. */
export function authReplyResponse(reply: AuthReply): Response {
  const text = reply.body === undefined ? null : JSON.stringify(reply.body);
  return new Response(text, {
    status: reply.status,
    headers: { ...reply.headers, ...(text ? { 'content-type': 'application/json' } : {}) },
  });
}
