import 'reflect-metadata';
import type { IncomingMessage } from 'node:http';
import { Context, Ctx, Elicitor, ElicitRequestParams, Tool, Tools } from 'elicitor';
import type { AuthInfo, ElicitorApp } from 'elicitor';
import { TestClient, accept } from 'elicitor/testing';

@Tools()
class GreetingTools {
  @Tool({ description: 'Asks for a greeting, then greets the signed-in user' })
  async greet(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit(
      'greeting',
      ElicitRequestParams.form('Which greeting?').withRequired('word', 'string'),
    );
    return `${String(answer.content()?.word)}, ${ctx.principal ?? 'nobody'}`;
  }
}

const userNamed = (name: string): AuthInfo => ({ token: `token-${name}`, clientId: name, scopes: [] });
const quietLogger = { info: () => {}, warn: () => {}, error: () => {} };

/** Bearer tokens `token-<name>` sign in as `<name>`; anything else is refused. */
function authenticate(request: IncomingMessage): AuthInfo {
  const match = /^Bearer token-(\w+)$/.exec(request.headers.authorization ?? '');
  if (!match) throw new Error('no valid token');
  return userNamed(match[1]!);
}

describe('TestClient with credentials', () => {
  let app: ElicitorApp;
  let url: string;
  beforeAll(async () => {
    app = await Elicitor.create({
      name: 'greetings',
      version: '1.0.0',
      tools: [GreetingTools],
      requestState: { keys: ['credentials-test-key-0123456789abcdef'] },
      logger: quietLogger,
    });
    url = (await app.listen({ http: { port: 0, authenticate } })).url!;
  });
  afterAll(() => app.close());

  it('sends its headers with every round over HTTP', async () => {
    const run = await TestClient.forUrl(url, { headers: { authorization: 'Bearer token-alice' } }).callTool(
      'greet',
      {},
      { answers: { greeting: accept({ word: 'Hello' }) } },
    );
    expect(run.rounds).toHaveLength(2);
    expect(run.text).toBe('Hello, alice');
  });

  it('is refused by the server without them', async () => {
    const run = await TestClient.forUrl(url).callTool('greet');
    expect(run.status).toBe(401);
    expect(run.error?.code).toBe(-32000);
  });

  it('calls an app in memory as a given user, whose state no other user can resume', async () => {
    const alice = TestClient.forApp(app, { authInfo: userNamed('alice') });
    const run = await alice.callTool('greet', {}, { answers: { greeting: accept({ word: 'Hi' }) } });
    expect(run.text).toBe('Hi, alice');

    const first = await alice.request('tools/call', { name: 'greet', arguments: {} });
    const requestState = (first.body.result as { requestState: string }).requestState;
    const resume = {
      name: 'greet',
      arguments: {},
      requestState,
      inputResponses: { greeting: { action: 'accept', content: { word: 'Hey' } } },
    };
    const bob = TestClient.forApp(app, { authInfo: userNamed('bob') });
    const stolen = await bob.request('tools/call', resume);
    expect((stolen.body.error as { code: number }).code).toBe(-32602);
    const resumed = await alice.request('tools/call', resume);
    expect(resumed.body.result).toMatchObject({
      resultType: 'complete',
      content: [{ type: 'text', text: 'Hey, alice' }],
    });
  });
});
