// The official SDK v2 way: a McpServer factory behind createMcpHandler, mounted on node:http with toNodeHandler.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import {
  McpServer,
  acceptedContent,
  createMcpHandler,
  createRequestStateCodec,
  inputRequired,
} from '@modelcontextprotocol/server';
import { z } from 'zod';
import {
  ANSWER_FIELD,
  ECHO_TOOL,
  FLOW_KEYS,
  FLOW_TOOL,
  MCP_PATH,
  answerSchema,
  questionFor,
} from '../wire/mcp-wire.js';
import { serveAsChild } from './child-harness.js';

type FlowState = Record<string, string>;

const codec = createRequestStateCodec<FlowState>({ key: randomBytes(32) });
const Answer = z.object({ [ANSWER_FIELD]: z.string() });

function buildServer(): McpServer {
  const server = new McpServer(
    { name: 'sdk-bench', version: '1.0.0' },
    { capabilities: { tools: {} }, requestState: { verify: codec.verify } },
  );
  server.registerTool(
    ECHO_TOOL,
    { description: 'Echoes its text', inputSchema: z.object({ text: z.string() }) },
    async ({ text }) => ({ content: [{ type: 'text', text }] }),
  );
  server.registerTool(FLOW_TOOL, { description: 'Asks two questions, then completes' }, async (ctx) => {
    const answers: FlowState = { ...ctx.mcpReq.requestState<FlowState>() };
    for (const key of FLOW_KEYS) {
      if (answers[key] !== undefined) continue;
      const accepted = acceptedContent(ctx.mcpReq.inputResponses, key, Answer);
      if (accepted) {
        answers[key] = accepted[ANSWER_FIELD];
        continue;
      }
      return inputRequired({
        inputRequests: {
          [key]: inputRequired.elicit({ message: questionFor(key), requestedSchema: answerSchema }),
        },
        requestState: await codec.mint(answers),
      });
    }
    return { content: [{ type: 'text', text: FLOW_KEYS.map((key) => `${key}=${answers[key]}`).join(' ') }] };
  });
  return server;
}

await serveAsChild(async () => {
  const handler = createMcpHandler(() => buildServer());
  const serve = toNodeHandler(handler);
  const server = createServer((req, res) => {
    if (req.url !== MCP_PATH) {
      res.writeHead(404).end();
      return;
    }
    void serve(req, res);
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
