import 'reflect-metadata';
import { afterEach, describe, expect, it } from '@jest/globals';
import { Context, Ctx, Elicitor, ElicitRequestParams, Prompt, Tool, Tools } from '../../index.js';
import type { ElicitorApp } from '../../index.js';
import { testKeyring } from '../../testing/test-keyring.js';
import { withModernMeta } from '../../testing/modern-exchange.js';

@Tools()
class ReplyTools {
  @Tool({ description: 'Asks one question' })
  async ask(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit('name', ElicitRequestParams.form('Name?').withRequired('name', 'string'));
    return `hello ${String(answer.content()?.name)}`;
  }

  @Tool({ description: 'Completes with a _meta of its own' })
  withMeta(): Record<string, unknown> {
    return { content: [{ type: 'text', text: 'ok' }], _meta: { 'example.com/trace': 'abc' } };
  }

  @Tool({ description: 'Asks, then completes with a _meta of its own' })
  async askWithMeta(@Ctx() ctx: Context): Promise<Record<string, unknown>> {
    await ctx.elicit('go', ElicitRequestParams.form('Go?').withRequired('go', 'boolean'));
    return { content: [{ type: 'text', text: 'went' }], _meta: { 'example.com/trace': 'def' } };
  }

  @Tool({ description: 'Completes at once with a plain result' })
  greet(): Record<string, unknown> {
    return { content: [{ type: 'text', text: 'hi "there"' }], structuredContent: { n: 1, gone: undefined } };
  }

  @Tool({ description: 'Completes with a result that serialises itself' })
  selfSerialising(): Record<string, unknown> {
    return {
      content: [{ type: 'text', text: 'as an object' }],
      toJSON: () => ({ content: [{ type: 'text', text: 'as JSON' }] }),
    };
  }

  @Prompt({ description: 'Asks before it answers' })
  async brief(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit(
      'topic',
      ElicitRequestParams.form('Topic?').withRequired('topic', 'string'),
    );
    return `Brief me on ${String(answer.content()?.topic)}`;
  }
}

describe('ModernProtocolHandler replies', () => {
  const apps: ElicitorApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  async function appWith(): Promise<ElicitorApp> {
    const app = await Elicitor.create({
      name: 'replies',
      version: '1.0.0',
      tools: [ReplyTools],
      requestState: { keys: testKeyring() },
      logger: { info() {}, warn() {}, error() {} },
    });
    apps.push(app);
    return app;
  }

  const message = (method: string, params: Record<string, unknown>, id: string | number = 7) => ({
    jsonrpc: '2.0',
    id,
    method,
    params: withModernMeta(params, { elicitation: { form: {} } }),
  });

  const SERVER_INFO_META = { 'io.modelcontextprotocol/serverInfo': { name: 'replies', version: '1.0.0' } };

  /** The reply to a call that completed with one text. */
  const completeReply = (id: string | number, text: string) => ({
    jsonrpc: '2.0',
    id,
    result: { content: [{ type: 'text', text }], resultType: 'complete', _meta: SERVER_INFO_META },
  });

  /** Runs a tool's first round, then answers it with the state that round's JSON text carried. */
  async function answerFirstRound(
    app: ElicitorApp,
    name: string,
    inputResponses: Record<string, unknown>,
    id: string | number = 7,
  ) {
    const first = await app.handleModernMessage(message('tools/call', { name, arguments: {} }, id));
    const { requestState } = (JSON.parse(first.json!) as { result: { requestState: string } }).result;
    return app.handleModernMessage(
      message('tools/call', { name, arguments: {}, requestState, inputResponses }, id),
    );
  }

  it('writes an input_required reply as JSON text that is exactly its body', async () => {
    const app = await appWith();
    const reply = await app.handleModernMessage(message('tools/call', { name: 'ask', arguments: {} }, 'r-1'));
    expect(reply.json).toBe(JSON.stringify(reply.body));
    const parsed = JSON.parse(reply.json!) as Record<string, unknown>;
    const result = parsed.result as Record<string, unknown>;
    expect(Object.keys(result)).toStrictEqual(['resultType', 'inputRequests', 'requestState', '_meta']);
    expect(result._meta).toStrictEqual({
      'io.modelcontextprotocol/serverInfo': { name: 'replies', version: '1.0.0' },
    });
    expect(parsed.id).toBe('r-1');
  });

  it('takes the state back from the JSON text in the next round', async () => {
    const app = await appWith();
    const second = await answerFirstRound(app, 'ask', {
      name: { action: 'accept', content: { name: 'Ada' } },
    });
    expect(second.body).toStrictEqual(completeReply(7, 'hello Ada'));
  });

  it('writes a final result the re-run model recorded as text that is exactly its body', async () => {
    const app = await appWith();
    const second = await answerFirstRound(
      app,
      'ask',
      { name: { action: 'accept', content: { name: 'Ada "the first"' } } },
      'id-"1"',
    );
    expect(second.json).toBeDefined();
    expect(second.json).toBe(JSON.stringify(second.body));
    expect(JSON.parse(second.json!)).toStrictEqual(completeReply('id-"1"', 'hello Ada "the first"'));
  });

  it('serialises a recorded final result with its own _meta whole, merged with the server info', async () => {
    const app = await appWith();
    const second = await answerFirstRound(app, 'ask_with_meta', {
      go: { action: 'accept', content: { go: true } },
    });
    expect(second.json).toBeUndefined();
    expect((second.body!.result as Record<string, unknown>)._meta).toStrictEqual({
      'example.com/trace': 'def',
      'io.modelcontextprotocol/serverInfo': { name: 'replies', version: '1.0.0' },
    });
  });

  it('splices the state into a prompt that asks, too', async () => {
    const app = await appWith();
    const reply = await app.handleModernMessage(message('prompts/get', { name: 'brief', arguments: {} }));
    const parsed = JSON.parse(reply.json!) as { result: Record<string, unknown> };
    expect(parsed.result.resultType).toBe('input_required');
    expect(parsed).toStrictEqual(JSON.parse(JSON.stringify(reply.body)));
  });

  it('writes a plain result as JSON text that is exactly its body, with resultType and _meta last', async () => {
    const app = await appWith();
    const reply = await app.handleModernMessage(
      message('tools/call', { name: 'greet', arguments: {} }, 'g-"1"'),
    );
    expect(reply.json).toBeDefined();
    expect(reply.json).toBe(JSON.stringify(reply.body));
    const result = (JSON.parse(reply.json!) as { result: Record<string, unknown> }).result;
    expect(Object.keys(result)).toStrictEqual(['content', 'structuredContent', 'resultType', '_meta']);
    expect(result).toStrictEqual({
      content: [{ type: 'text', text: 'hi "there"' }],
      structuredContent: { n: 1 },
      resultType: 'complete',
      _meta: SERVER_INFO_META,
    });
  });

  it('leaves a result with its own toJSON to the object path', async () => {
    const app = await appWith();
    const reply = await app.handleModernMessage(
      message('tools/call', { name: 'self_serialising', arguments: {} }),
    );
    expect(reply.json).toBeUndefined();
    expect(typeof (reply.body!.result as Record<string, unknown>).toJSON).toBe('function');
  });

  it('serialises a result with its own _meta whole, merged with the server info', async () => {
    const app = await appWith();
    const reply = await app.handleModernMessage(message('tools/call', { name: 'with_meta', arguments: {} }));
    expect(reply.json).toBeUndefined();
    expect((reply.body!.result as Record<string, unknown>)._meta).toStrictEqual({
      'example.com/trace': 'abc',
      'io.modelcontextprotocol/serverInfo': { name: 'replies', version: '1.0.0' },
    });
  });
});
