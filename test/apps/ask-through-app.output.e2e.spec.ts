import 'reflect-metadata';
import type { Client } from '@modelcontextprotocol/client';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  ANSWER_TOOL_NAME,
  Ctx,
  ElicitRequestParams,
  Elicitor,
  Field,
  MCP_APP_MIME_TYPE,
  Tool,
  Tools,
  UI_EXTENSION,
  type AppQuestion,
  type Context,
  type ElicitorApp,
} from 'elicitor';
import { testKeyring } from 'elicitor/testing';
import { officialClient } from '../support/official-client.js';

const APPS_ONLY_HOST = { extensions: { [UI_EXTENSION]: { mimeTypes: [MCP_APP_MIME_TYPE] } } };

export class Quote {
  @Field() total!: number;
}

@Tools()
class QuoteTools {
  @Tool({ description: 'Quotes a number of widgets it asks for', output: Quote })
  async quote(@Ctx() ctx: Context): Promise<Quote> {
    const answer = await ctx.elicit(
      'count',
      ElicitRequestParams.form('How many widgets?').withRequired('count', 'integer'),
    );
    return { total: Number(answer.content()?.count ?? 0) * 7 };
  }
}

/** The official client checks structuredContent against a listed output schema: a question must pass. */
describe.each(['modern', 'legacy'] as const)(
  'a tool with an output schema asks through an app (%s)',
  (era) => {
    let app: ElicitorApp;
    let client: Client;
    beforeAll(async () => {
      app = await Elicitor.create({
        name: 'quotes',
        version: '1.0.0',
        tools: [QuoteTools],
        askThroughApps: true,
        requestState: { keys: testKeyring() },
        logger: { info() {}, warn() {}, error() {} },
      });
      const { url } = (await app.listen({ http: { port: 0 } })) as { url: string };
      client = officialClient({ era, capabilities: APPS_ONLY_HOST });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    });
    afterAll(async () => {
      await client.close();
      await app.close();
    });

    it('asks, and the answer gives the structured result', async () => {
      await client.listTools();
      const first = await client.callTool({ name: 'quote', arguments: {} });
      const question = (first.structuredContent as { elicitorQuestion: AppQuestion }).elicitorQuestion;
      expect(question.message).toBe('How many widgets?');
      const done = await client.callTool({
        name: ANSWER_TOOL_NAME,
        arguments: { continuation: question.continuation, action: 'accept', content: { count: 3 } },
      });
      expect(done.structuredContent).toStrictEqual({ total: 21 });
    });
  },
);
