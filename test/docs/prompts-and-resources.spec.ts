import 'reflect-metadata';
import type { Client } from '@modelcontextprotocol/client';
import type { ElicitorApp } from 'elicitor';
import { RecipesModule } from '../../docs/snippets/prompts-and-resources/recipes.module.js';
import { connectHttp, officialClient } from '../support/official-client.js';
import { startHttpModuleApp } from '../support/transports.js';

/** Every snippet of docs/prompts-and-resources.md, served over HTTP and used by the official client on both eras. */
describe.each(['modern', 'legacy'] as const)('Prompts and resources guide on the %s wire', (era) => {
  let app: ElicitorApp;
  let client: Client;

  beforeAll(async () => {
    const logger = { info() {}, warn() {}, error() {} };
    const started = await startHttpModuleApp(RecipesModule, { name: 'recipes', version: '1.0.0', logger });
    app = started.app;
    client = await connectHttp(officialClient({ era }), started.url);
  });
  afterAll(async () => {
    await client.close();
    await app.close();
  });

  const failureOf = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: { code?: number; message: string }) => error,
    );

  it('lists the prompts, with arguments taken from the @Args() class', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts).toStrictEqual([
      {
        name: 'cook',
        title: 'Cook a recipe',
        description: 'Step-by-step cooking help',
        arguments: [
          { name: 'recipe', description: 'Which recipe', required: true },
          { name: 'cook', description: 'Who is cooking', required: false },
        ],
      },
      { name: 'critique', description: 'A review of a dish, as a short conversation' },
    ]);
  });

  it('turns a returned string into one user message', async () => {
    const result = await client.getPrompt({ name: 'cook', arguments: { recipe: 'paella', cook: 'Ada' } });
    expect(result.messages).toStrictEqual([
      {
        role: 'user',
        content: { type: 'text', text: 'Walk Ada through cooking paella, one step at a time.' },
      },
    ]);
  });

  it('returns an array of messages as they are', async () => {
    const result = await client.getPrompt({ name: 'critique' });
    expect(result.messages.map((message) => message.role)).toStrictEqual(['user', 'assistant']);
  });

  it('refuses prompt arguments the class rejects with -32602', async () => {
    const failure = await failureOf(client.getPrompt({ name: 'cook', arguments: { recipe: '' } }));
    expect(failure?.code).toBe(-32602);
    expect(failure?.message).toMatch(/recipe \(isLength\)/);
  });

  it('completes a prompt argument', async () => {
    const { completion } = await client.complete({
      ref: { type: 'ref/prompt', name: 'cook' },
      argument: { name: 'recipe', value: 'pa' },
    });
    expect(completion.values).toStrictEqual(['pancakes', 'paella']);
  });

  it('lists the fixed resource and the template apart', async () => {
    expect((await client.listResources()).resources).toStrictEqual([
      { uri: 'recipes://index', name: 'index', mimeType: 'text/plain' },
    ]);
    expect((await client.listResourceTemplates()).resourceTemplates).toStrictEqual([
      { uriTemplate: 'recipes://{id}', name: 'recipe', mimeType: 'application/json' },
    ]);
  });

  it('reads a fixed resource: a string becomes its text', async () => {
    const { contents } = await client.readResource({ uri: 'recipes://index' });
    expect(contents).toStrictEqual([
      { uri: 'recipes://index', mimeType: 'text/plain', text: 'pancakes\npaella\npesto' },
    ]);
  });

  it('reads through the template: the variable fills the @Args() class, an object becomes JSON', async () => {
    const { contents } = await client.readResource({ uri: 'recipes://pesto' });
    expect(contents).toStrictEqual([
      {
        uri: 'recipes://pesto',
        mimeType: 'application/json',
        text: '{"id":"pesto","title":"Pesto","minutes":10}',
      },
    ]);
  });

  it('answers a UserError from a resource with a JSON-RPC error carrying its message', async () => {
    const failure = await failureOf(client.readResource({ uri: 'recipes://tiramisu' }));
    expect(failure?.code).toBe(-32603);
    expect(failure?.message).toMatch(/No recipe called tiramisu/);
  });

  it('completes a template variable, with a total and hasMore', async () => {
    const { completion } = await client.complete({
      ref: { type: 'ref/resource', uri: 'recipes://{id}' },
      argument: { name: 'id', value: 'p' },
    });
    expect(completion).toStrictEqual({ values: ['pancakes'], total: 3, hasMore: true });
  });
});
