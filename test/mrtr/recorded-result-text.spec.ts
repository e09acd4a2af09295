import 'reflect-metadata';
import { IsBoolean } from 'class-validator';
import { Args, Context, Ctx, ElicitRequestParams, Field, Tool, Tools, type ElicitorApp } from 'elicitor';
import { startHttpApp } from '../support/transports.js';

class TallyArgs {
  @Field() @IsBoolean() ask!: boolean;
}

/** One result object, changed and returned by every call, as a tool that caches its reply might do. */
const shared = { content: [{ type: 'text' as const, text: '' }] };
let calls = 0;

@Tools()
class Tally {
  @Tool({ description: 'Counts its calls, asking first when told to' })
  async tally(@Args() args: TallyArgs, @Ctx() ctx: Context) {
    if (args.ask) await ctx.elicit('go', ElicitRequestParams.form('Go on?').withRequired('ok', 'boolean'));
    shared.content[0]!.text = `call ${++calls}`;
    return shared;
  }
}

type Result = { requestState?: string; content?: Array<{ text: string }> };

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
};

/**
 * A final round records its result's JSON text and the reply reuses it; the text must not outlive that
 * reply, or a later call returning the same object, changed, would be answered with the old text.
 */
describe('the recorded text of a final result, over HTTP', () => {
  let app: ElicitorApp;
  let url: string;
  beforeEach(async () => {
    calls = 0;
    ({ app, url } = await startHttpApp({ name: 'tally', version: '1', tools: [Tally] }));
  });
  afterEach(() => app.close());

  const call = async (params: Record<string, unknown>): Promise<Result> => {
    const reply = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'tally',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'tally', ...params, _meta: META },
      }),
    });
    return ((await reply.json()) as { result: Result }).result;
  };

  it('answers the final round with it, and a later call with its own result', async () => {
    const asked = await call({ arguments: { ask: true } });
    const final = await call({
      arguments: { ask: true },
      requestState: asked.requestState,
      inputResponses: { go: { action: 'accept', content: { ok: true } } },
    });
    expect(final.content).toStrictEqual([{ type: 'text', text: 'call 1' }]);
    const next = await call({ arguments: { ask: false } });
    expect(next.content).toStrictEqual([{ type: 'text', text: 'call 2' }]);
    expect(JSON.stringify(shared)).toBe('{"content":[{"type":"text","text":"call 2"}]}');
  });
});
