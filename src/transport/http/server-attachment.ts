import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import type { Server as HttpsServer } from 'node:https';
import type { NodeHttpHandler } from './node-http.handler.js';

/** A server `attach` works with: `node:http` or `node:https`. */
export type AttachableServer = HttpServer | HttpsServer;

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Puts the handler in front of a server's existing `request` listeners: requests for its path (and its
 * protected-resource metadata) go to the handler, all others to the listeners that were there (an Express or Koa app, say). Returns the undo.
 * Listeners added later see every request, so attach after the server's own handler is in place.
 */
export function attachToServer(server: AttachableServer, handler: NodeHttpHandler): () => void {
  const others = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  const listener: RequestListener = (request, response) => {
    if (others.length === 0 || handler.owns(request)) {
      handler.listener(request, response);
      return;
    }
    for (const other of others) other.call(server, request, response);
  };
  server.on('request', listener);
  return () => {
    server.off('request', listener);
    for (const other of others) server.on('request', other);
  };
}
