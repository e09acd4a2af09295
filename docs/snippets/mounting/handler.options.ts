import type { ElicitorApp } from 'elicitor';

/** The options of listen({ http }), minus port and host, for every mounted handler. */
export function secureHandlers(mcp: ElicitorApp, isValid: (token: string) => boolean) {
  const bearer = (header: string | null | undefined) => {
    const token = header?.match(/^Bearer (.+)$/)?.[1];
    if (token === undefined || !isValid(token)) throw new Error('no valid token'); // 401
    return { token, clientId: 'partner-app', scopes: [] };
  };
  const node = mcp.nodeHandler({
    path: '/mcp',
    allowedHosts: ['mcp.example.com', 'localhost', '127.0.0.1'],
    maxBodyBytes: 1024 * 1024,
    authenticate: (request) => bearer(request.headers.authorization), // an IncomingMessage
  });
  const fetch = mcp.fetchHandler({
    allowedHosts: ['mcp.example.com', 'localhost', '127.0.0.1'],
    authenticate: (request) => bearer(request.headers.get('authorization')), // a web Request
  });
  return { node, fetch };
}
