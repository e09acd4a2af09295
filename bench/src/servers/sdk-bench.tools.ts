// The bench tools (echo and the two-question flow) on an official SDK v2 McpServer.
import { randomBytes } from 'node:crypto';
import {
  McpServer,
  acceptedContent,
  createRequestStateCodec,
  inputRequired,
} from '@modelcontextprotocol/server';
import { z } from 'zod';
import {
  ANSWER_FIELD,
  ECHO_TOOL,
  FLOW_KEYS,
  FLOW_TOOL,
  answerSchema,
  questionFor,
} from '../wire/mcp-wire.js';

type FlowState = Record<string, string>;

const codec = createRequestStateCodec<FlowState>({ key: randomBytes(32) });
const Answer = z.object({ [ANSWER_FIELD]: z.string() });

export function buildSdkBenchServer(): McpServer {
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
