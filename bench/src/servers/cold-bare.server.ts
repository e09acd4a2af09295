// Cold-start floor: node alone answering `initialize` and `tools/list` by hand, on stdio or HTTP, both eras.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { ANSWER_FIELD, ECHO_TOOL, FLOW_TOOL, MCP_PATH } from '../wire/mcp-wire.js';

interface Message {
  id?: number | string;
  method?: string;
  params?: { protocolVersion?: string };
}

const tools = [
  {
    name: ECHO_TOOL,
    description: 'Echoes its text',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  },
  {
    name: FLOW_TOOL,
    description: 'Asks two questions, then completes',
    inputSchema: { type: 'object', properties: { [ANSWER_FIELD]: { type: 'string' } } },
  },
];

/** The result for a request, or undefined for a notification. */
function answer(message: Message): string | undefined {
  if (message.id === undefined) return undefined;
  const result =
    message.method === 'initialize'
      ? {
          protocolVersion: message.params?.protocolVersion,
          capabilities: { tools: {} },
          serverInfo: { name: 'bare', version: '1.0.0' },
        }
      : message.method === 'tools/list'
        ? { tools }
        : {};
  return JSON.stringify({ jsonrpc: '2.0', id: message.id, result });
}

if (process.argv.includes('--stdio')) {
  createInterface({ input: process.stdin }).on('line', (line) => {
    const reply = answer(JSON.parse(line) as Message);
    if (reply !== undefined) process.stdout.write(`${reply}\n`);
  });
} else {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const reply = answer(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Message);
      if (reply === undefined) res.writeHead(202).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end(reply);
    });
  });
  server.listen(Number(process.env.PORT ?? 3000), '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    process.stderr.write(`bare listening on http://127.0.0.1:${port}${MCP_PATH}\n`);
  });
}
