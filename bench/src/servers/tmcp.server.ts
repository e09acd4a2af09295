// tmcp the way its docs serve it: one McpServer behind HttpTransport, its fetch handler on node:http.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { HttpTransport } from '@tmcp/transport-http';
import { MCP_PATH } from '../wire/mcp-wire.js';
import { serveAsChild } from './child-harness.js';
import { buildTmcpBenchServer } from './tmcp-bench.tools.js';

await serveAsChild(async () => {
  const transport = new HttpTransport(buildTmcpBenchServer(), { path: MCP_PATH });
  const listener = getRequestListener(
    async (request) => (await transport.respond(request)) ?? new Response(null, { status: 404 }),
  );
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
});
