// The official SDK v2 the 2025 way: a McpServer per session behind a sessionful NodeStreamableHTTPServerTransport,
// the flow pushing `elicitation/create` with `ctx.mcpReq.elicitInput` (the legacy leg of the bench).
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { McpServer } from '@modelcontextprotocol/server';
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

function buildSdkLegacyServer(): McpServer {
  const server = new McpServer(
    { name: 'sdk-legacy-bench', version: '1.0.0' },
    { capabilities: { tools: {} } },
  );
  server.registerTool(
    ECHO_TOOL,
    { description: 'Echoes its text', inputSchema: z.object({ text: z.string() }) },
    async ({ text }) => ({ content: [{ type: 'text', text }] }),
  );
  server.registerTool(FLOW_TOOL, { description: 'Asks two questions, then completes' }, async (ctx) => {
    const answers: string[] = [];
    for (const key of FLOW_KEYS) {
      // Related to the call, so the question goes out on the call's SSE stream (no GET stream needed).
      const answer = await ctx.mcpReq.elicitInput(
        { mode: 'form', message: questionFor(key), requestedSchema: answerSchema },
        { relatedRequestId: ctx.mcpReq.id },
      );
      const value = answer.action === 'accept' ? answer.content?.[ANSWER_FIELD] : undefined;
      if (typeof value !== 'string') throw new Error(`no answer to ${key}`);
      answers.push(`${key}=${value}`);
    }
    return { content: [{ type: 'text', text: answers.join(' ') }] };
  });
  return server;
}

await serveAsChild(async () => {
  const sessions = new Map<string, NodeStreamableHTTPServerTransport>();
  const server = createServer((req, res) => {
    void (async () => {
      if (req.url !== MCP_PATH) return void res.writeHead(404).end();
      const id = req.headers['mcp-session-id'];
      let transport = typeof id === 'string' ? sessions.get(id) : undefined;
      if (!transport) {
        if (id !== undefined) return void res.writeHead(404).end();
        const opened = new NodeStreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (sessionId) => void sessions.set(sessionId, opened),
        });
        opened.onclose = () => void (opened.sessionId && sessions.delete(opened.sessionId));
        await buildSdkLegacyServer().connect(opened);
        transport = opened;
      }
      await transport.handleRequest(req, res);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      await Promise.all([...sessions.values()].map((transport) => transport.close()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
});
