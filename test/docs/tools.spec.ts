import 'reflect-metadata';
import type { Client } from '@modelcontextprotocol/client';
import type { ElicitorApp } from 'elicitor';
import { ToolsGuideModule } from '../../docs/snippets/tools/tools.module.js';
import { connectHttp, officialClient } from '../support/official-client.js';
import { startHttpModuleApp } from '../support/transports.js';

/** Every snippet of docs/tools.md, served over HTTP and called by the official client on both eras. */
describe.each(['modern', 'legacy'] as const)('Tools guide on the %s wire', (era) => {
  let app: ElicitorApp;
  let client: Client;
  const errors: Array<{ message: string; error: unknown }> = [];

  beforeAll(async () => {
    const logger = {
      info() {},
      warn() {},
      error: (message: string, error?: unknown) => errors.push({ message, error }),
    };
    const started = await startHttpModuleApp(ToolsGuideModule, {
      name: 'tools-guide',
      version: '1.0.0',
      logger,
    });
    app = started.app;
    client = await connectHttp(officialClient({ era }), started.url);
  });
  afterAll(async () => {
    await client.close();
    await app.close();
  });

  const call = (name: string, args: Record<string, unknown> = {}) =>
    client.callTool({ name, arguments: args });

  it('lists title, annotations, the output schema and a hand-written input schema', async () => {
    const { tools } = await client.listTools();
    const forecast = tools.find((tool) => tool.name === 'forecast')!;
    expect(forecast.title).toBe('Weather forecast');
    expect(forecast.annotations).toStrictEqual({ readOnlyHint: true, openWorldHint: true });
    expect(forecast.inputSchema).toMatchObject({
      properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1, maximum: 7 } },
      required: ['city', 'days'],
    });
    expect(forecast.outputSchema).toMatchObject({
      type: 'object',
      properties: {
        city: { type: 'string', minLength: 1, maxLength: 60 },
        highC: { type: 'integer' },
        sky: { enum: ['sun', 'cloud', 'rain'] },
      },
      required: ['city', 'highC', 'sky'],
    });
    const alert = tools.find((tool) => tool.name === 'send_alert')!;
    expect(alert.annotations).toStrictEqual({ destructiveHint: false, idempotentHint: true });
    expect(alert.inputSchema.properties).toStrictEqual({
      city: { type: 'string', minLength: 1, maxLength: 60, examples: ['Oslo'] },
    });
    expect(alert.outputSchema).toBeUndefined();
  });

  it('returns an object as structured content, with its JSON as text, when the tool has an output class', async () => {
    const result = await call('forecast', { city: 'Oslo', days: 2 });
    expect(result.structuredContent).toStrictEqual({ city: 'Oslo', highC: 22, sky: 'sun' });
    expect(result.content).toStrictEqual([{ type: 'text', text: '{"city":"Oslo","highC":22,"sky":"sun"}' }]);
  });

  it('validates a call against the @Args() class even when the input schema is written by hand', async () => {
    expect((await call('send_alert', { city: 'Oslo' })).content).toStrictEqual([
      { type: 'text', text: 'Alert sent to Oslo.' },
    ]);
    const failure = await call('send_alert', { city: 'x'.repeat(61) }).then(
      () => undefined,
      (error: { code?: number; message: string }) => error,
    );
    expect(failure?.code).toBe(-32602);
    expect(failure?.message).toMatch(/city \(isLength\)/);
  });

  it.each([
    ['greeting', { content: [{ type: 'text', text: 'Hello!' }] }],
    ['stock', { content: [{ type: 'text', text: '{"sku":"A-1","left":3}' }] }],
    ['ping', { content: [] }],
    [
      'report',
      {
        content: [
          { type: 'text', text: 'Two files changed.' },
          {
            type: 'resource_link',
            uri: 'recipes://pancakes',
            name: 'pancakes',
            mimeType: 'application/json',
          },
        ],
      },
    ],
    ['partial', { content: [{ type: 'text', text: 'Only 2 of 3 items shipped.' }], isError: true }],
    ['refuse', { content: [{ type: 'text', text: 'That order is already closed.' }], isError: true }],
  ])('maps what %s returns', async (name, expected) => {
    const result = await call(name);
    expect({ content: result.content, ...(result.isError ? { isError: true } : {}) }).toStrictEqual(expected);
    expect(result.structuredContent).toBeUndefined();
  });

  it('reports any other error generically, and logs it with the tool named', async () => {
    errors.length = 0;
    const result = await call('crash');
    expect(result.isError).toBe(true);
    expect(result.content).toStrictEqual([
      { type: 'text', text: 'An internal error occurred while running this tool' },
    ]);
    expect(JSON.stringify(result)).not.toContain('password');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toBe('tool crash failed');
    expect((errors[0]!.error as Error).message).toBe('database password rejected');
  });
});
