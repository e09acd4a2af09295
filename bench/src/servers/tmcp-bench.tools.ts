// The bench tools (echo and the two-question flow) on tmcp with its Zod adapter.
import { randomBytes } from 'node:crypto';
import { createRequestStateCodec } from '@modelcontextprotocol/server';
import type { ServerContext } from '@modelcontextprotocol/server';
import { ZodJsonSchemaAdapter } from '@tmcp/adapter-zod';
import { McpServer } from 'tmcp';
import { z } from 'zod';
import { ANSWER_FIELD, ECHO_TOOL, FLOW_KEYS, FLOW_TOOL, questionFor } from '../wire/mcp-wire.js';

// tmcp's request state is plain JSON by default; the sdk contender's HMAC codec keeps the two comparable.
const codec = createRequestStateCodec<unknown>({ key: randomBytes(32) });
// Made without `bind`, the codec reads nothing of the SDK context that `verify` takes.
const NO_CONTEXT = {} as ServerContext;
const Answer = z.object({ [ANSWER_FIELD]: z.string() });

export function buildTmcpBenchServer(): McpServer {
  const server = new McpServer(
    { name: 'tmcp-bench', version: '1.0.0', description: 'The bench tools on tmcp' },
    {
      adapter: new ZodJsonSchemaAdapter(),
      capabilities: { tools: {} },
      requestStateCodec: {
        encode: (state) => codec.mint(state),
        decode: (text) => codec.verify(text, NO_CONTEXT),
      },
    },
  );
  server.tool(
    { name: ECHO_TOOL, description: 'Echoes its text', schema: z.object({ text: z.string() }) },
    ({ text }) => ({ content: [{ type: 'text', text }] }),
  );
  // tmcp re-runs the handler each round and answers `elicitation()` from `inputResponses` by its key.
  // Replayable: the handler does nothing before its questions that could not run twice.
  server.tool(
    { name: FLOW_TOOL, description: 'Asks two questions, then completes', replayable: true },
    async () => {
      const answers: string[] = [];
      for (const key of FLOW_KEYS) {
        const result = await server.elicitation(questionFor(key), Answer, { key });
        answers.push(`${key}=${String(result.content?.[ANSWER_FIELD])}`);
      }
      return { content: [{ type: 'text', text: answers.join(' ') }] };
    },
  );
  return server;
}
