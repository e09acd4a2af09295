// Cold-start contender: the official SDK v2 serving the bench tools, both eras, on stdio (serveStdio) or HTTP
// (createMcpHandler + toNodeHandler on node:http). Started like an app's main: `--stdio`, otherwise HTTP on $PORT.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { MCP_PATH } from '../wire/mcp-wire.js';
import { buildSdkBenchServer } from './sdk-bench.tools.js';
import { sdkNodeRequest } from './sdk-node-request.js';

if (process.argv.includes('--stdio')) {
  serveStdio(() => buildSdkBenchServer());
} else {
  const serve = toNodeHandler(createMcpHandler(() => buildSdkBenchServer()));
  const server = createServer((req, res) => {
    if (req.url !== MCP_PATH) res.writeHead(404).end();
    else void serve(sdkNodeRequest(req), res);
  });
  server.listen(Number(process.env.PORT ?? 3000), '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    process.stderr.write(`sdk listening on http://127.0.0.1:${port}${MCP_PATH}\n`);
  });
}
