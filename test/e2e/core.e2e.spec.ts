import type { Client } from '@modelcontextprotocol/client';
import type { ElicitorApp } from 'elicitor';
import { coreModule } from '../fixtures/core-app/src/core.module.js';
import { ERA_TRANSPORTS, connectClient, startHttpApp, textOf } from '../support/transports.js';

const CORE_STDIO = 'test/fixtures/core-app/dist/main.js';

describe.each(ERA_TRANSPORTS)('core features on the %s wire over %s', (era, transport) => {
  let app: ElicitorApp | undefined;
  let client: Client;

  beforeAll(async () => {
    let url: string | undefined;
    if (transport === 'http') ({ app, url } = await startHttpApp({ ...coreModule, logger: quietLogger }));
    client = await connectClient(transport, { url, script: CORE_STDIO }, { era });
  });

  afterAll(async () => {
    await client.close();
    await app?.close();
  });

  it('negotiates the expected protocol', () => {
    expect(client.getNegotiatedProtocolVersion()).toBe(era === 'modern' ? '2026-07-28' : '2025-11-25');
  });

  it('lists tools with schemas built from the DTO classes', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toStrictEqual([
      'echo',
      'add',
      'who_am_i',
      'refuse',
      'crash',
      'content_blocks',
      'schedule',
      'pick_color',
    ]);
    const echo = tools.find((tool) => tool.name === 'echo')!;
    expect(echo.inputSchema).toMatchObject({
      type: 'object',
      properties: {
        text: { type: 'string', minLength: 1, maxLength: 200, description: 'Text to echo back' },
      },
      required: ['text'],
      additionalProperties: false,
    });
    expect(tools.find((tool) => tool.name === 'add')!.outputSchema).toMatchObject({
      type: 'object',
      properties: { sum: { type: 'integer' } },
    });
  });

  it('calls a tool with valid arguments', async () => {
    const result = await client.callTool({ name: 'echo', arguments: { text: 'hi there' } });
    expect(textOf(result)).toBe('echo: hi there');
    expect(result.isError).toBeFalsy();
  });

  it('returns structured content for a tool with an output class', async () => {
    const result = await client.callTool({ name: 'add', arguments: { a: 2, b: 40 } });
    expect(result.structuredContent).toStrictEqual({ sum: 42 });
  });

  it('refuses invalid arguments with -32602 naming each field and rule', async () => {
    const failure = await client.callTool({ name: 'add', arguments: { a: 1.5, b: -1 } }).then(
      () => undefined,
      (error: { code?: number; message: string }) => error,
    );
    expect(failure?.code).toBe(-32602);
    expect(failure?.message).toMatch(/a \(isInt\)/);
    expect(failure?.message).toMatch(/b \(min\)/);
  });

  it('turns a UserError into an error result with its message', async () => {
    const result = await client.callTool({ name: 'refuse', arguments: {} });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('That is not allowed today');
  });

  it('hides unexpected failures behind a generic error', async () => {
    const result = await client.callTool({ name: 'crash', arguments: {} });
    expect(result.isError).toBe(true);
    expect(textOf(result)).not.toMatch(/hunter2|at .*\.js/);
  });

  it('passes content arrays through', async () => {
    const result = await client.callTool({ name: 'content_blocks', arguments: {} });
    expect(result.content).toStrictEqual([
      { type: 'text', text: 'first' },
      { type: 'text', text: 'second' },
    ]);
  });

  it('injects services and the request Context (constructor and @Ctx)', async () => {
    const text = textOf(await client.callTool({ name: 'who_am_i', arguments: {} }));
    expect(text).toContain('Hello, elicitor-e2e');
    expect(text).toContain(`era=${era}`);
    expect(text).toContain('constructor context is same');
  });
});

const quietLogger = { info: () => {}, warn: () => {}, error: () => {} };
