import type { Client } from '@modelcontextprotocol/client';
import type { ElicitorApp } from 'elicitor';
import { connectClient, startHttpApp, textOf } from '../support/transports.js';
import { ReturnValueTools } from './return-values.fixture.js';

const logged: string[] = [];
const logger = {
  info: () => {},
  warn: (message: string) => logged.push(`warn: ${message}`),
  error: (message: string, error?: unknown) =>
    logged.push(error instanceof Error ? `error: ${message}: ${error.message}` : `error: ${message}`),
};

const RULE =
  'A tool result must be JSON data (objects, arrays, strings, finite numbers, booleans, null); a Date or an object with toJSON is written as its JSON, and a class instance only when its data is in plain fields.';

/** Each tool, and what its refusal says after "<tool> returned a value JSON cannot carry: ". */
const REFUSED: ReadonlyArray<[string, string]> = [
  ['returns_function', 'a function at $'],
  ['returns_symbol', 'a symbol at $.tag'],
  ['returns_map', 'a Map, which JSON writes as a plain object of its own fields at $.sizes'],
  ['returns_getter', 'a Invoice whose getter "total" JSON leaves out at $.invoice'],
  ['returns_bigint', 'a bigint at $.total'],
  ['returns_circular', 'a circular reference (back to $) at $.children[0].parent'],
  ['returns_invalid_date', 'an invalid Date, which JSON turns into null at $.items[2].when'],
  ['returns_array_hole', 'undefined, which JSON turns into null at $.scores[1]'],
  ['returns_nan', 'NaN, which JSON turns into null at $.ratio'],
  ['filter_returns_map', 'a Map, which JSON writes as a plain object of its own fields at $.sizes'],
];

describe.each(['modern', 'legacy'] as const)('what a tool returns, on the %s wire', (era) => {
  let app: ElicitorApp;
  let client: Client;

  beforeAll(async () => {
    let url: string;
    ({ app, url } = await startHttpApp({ name: 'returns', version: '1', tools: [ReturnValueTools], logger }));
    client = await connectClient('http', { url, script: '' }, { era });
  });
  beforeEach(() => {
    logged.length = 0;
  });
  afterAll(async () => {
    await client.close();
    await app.close();
  });

  const call = (name: string) => client.callTool({ name, arguments: {} });

  it.each(REFUSED)(
    '%s: an error result that says what and where, and a log line naming the tool',
    async (tool, what) => {
      const message = `${tool} returned a value JSON cannot carry: ${what}. ${RULE}`;
      const result = await call(tool);
      expect(result).toMatchObject({ isError: true, content: [{ type: 'text', text: message }] });
      expect(result.structuredContent).toBeUndefined();
      expect(logged).toStrictEqual([`error: tool ${tool} failed: ${message}`]);
    },
  );

  it('carries a DTO, a Date and an absent field as JSON', async () => {
    const result = await call('returns_plain_data');
    expect(result.isError).toBeFalsy();
    expect(JSON.parse(textOf(result))).toStrictEqual({
      receipt: { id: 'r1', amount: 7 },
      at: '2026-01-02T00:00:00.000Z',
    });
    expect(logged).toStrictEqual([]);
  });

  it('sends a DTO as structured output, with its text', async () => {
    const result = await call('returns_structured_dto');
    expect(result.structuredContent).toStrictEqual({ id: 'r2', amount: 9 });
    expect(JSON.parse(textOf(result))).toStrictEqual({ id: 'r2', amount: 9 });
  });

  it('logs what was thrown when it is not an Error', async () => {
    expect((await call('string_boom')).isError).toBe(true);
    expect(logged).toStrictEqual(['error: tool string_boom failed: it threw "a string", not an Error']);
    expect((await call('object_boom')).isError).toBe(true);
    expect(logged[1]).toBe(
      `error: tool object_boom failed: it threw {"reason":"${'x'.repeat(189)}… (513 characters), not an Error`,
    );
  });
});
