// The official SDK v2 way: a McpServer factory behind createMcpHandler, mounted on node:http with toNodeHandler.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { MCP_PATH } from '../wire/mcp-wire.js';
import { buildSdkBenchServer } from './sdk-bench.tools.js';
import { serveAsChild } from './child-harness.js';
import { sdkNodeRequest } from './sdk-node-request.js';

await serveAsChild(async () => {
  const handler = createMcpHandler(() => buildSdkBenchServer());
  const serve = toNodeHandler(handler);
  const server = createServer((req, res) => {
    if (req.url !== MCP_PATH) {
      res.writeHead(404).end();
      return;
    }
    void serve(sdkNodeRequest(req), res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      await handler.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
});
