import 'reflect-metadata';
import fc from 'fast-check';
import type { ElicitorApp } from 'elicitor';
import { LegacySession } from './legacy-session.driver.js';
import { startChargeApp } from './wire-fuzz.tools.js';
import {
  FUZZ_SEED,
  FUZZ_RUNS,
  MODERN_HEADERS,
  callBody,
  faultOf,
  post,
  resultOf,
} from './wire-fuzz.support.js';

const HEADER_NAMES = [
  'content-type',
  'accept',
  'mcp-protocol-version',
  'mcp-method',
  'mcp-name',
  'mcp-session-id',
  'last-event-id',
  'origin',
  'authorization',
];
const headerValue = fc.oneof(
  fc.constantFrom(
    '',
    'application/json',
    'text/event-stream',
    'application/json, text/event-stream',
    '2025-11-25',
    '2026-07-28',
    '2025-06-18',
    'tools/call',
    'quote',
    'http://evil.example',
    'http://localhost',
    'Bearer x',
    '0',
    'abc_123',
  ),
  fc.string({ maxLength: 24 }).map((text) => text.replace(/[^\x20-\x7e]/g, '')),
);
const request = fc.record({
  method: fc.constantFrom('GET', 'POST', 'DELETE', 'PUT', 'PATCH', 'OPTIONS', 'HEAD'),
  path: fc.constantFrom('/mcp', '/mcp/', '/MCP', '/mcp?x=1', '/', '/mcp/../mcp', '/other'),
  headers: fc.dictionary(fc.constantFrom(...HEADER_NAMES), headerValue, { maxKeys: 6 }),
  session: fc.boolean(),
  body: fc.option(
    fc.oneof(
      fc.constantFrom('', '{}', '[]', 'null', '{"jsonrpc":"2.0","id":1,"method":"ping"}'),
      fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)),
    ),
  ),
});

/**
 * Any HTTP method, path, headers and body, with or without a live 2025 session's id: the server never
 * answers 5xx, a JSON answer is a JSON-RPC result or client-fault error, a stream it opens carries valid
 * messages, and afterwards it still serves a call on each wire.
 */
describe('HTTP requests of any method, path, headers and body', () => {
  let app: ElicitorApp;
  let url: string;
  let sessionId: string;

  beforeAll(async () => {
    ({ app, url } = await startChargeApp());
    const session = await LegacySession.open(url);
    sessionId = session.id;
  });
  afterAll(() => app.close());

  it('never answers with a server fault, and keeps serving', async () => {
    await fc.assert(
      fc.asyncProperty(request, async ({ method, path, headers, session, body }) => {
        const sent = { ...headers, ...(session ? { 'mcp-session-id': sessionId } : {}) };
        const withBody = body !== null && method !== 'GET' && method !== 'HEAD';
        const abort = new AbortController();
        const response = await fetch(new URL(path, url), {
          method,
          headers: sent,
          ...(withBody ? { body } : {}),
          signal: abort.signal,
        });
        const what = `${method} ${path} ${JSON.stringify(sent)} ${String(body).slice(0, 200)}`;
        if (response.status >= 500) throw new Error(`HTTP ${response.status} for ${what}`);
        const type = response.headers.get('content-type') ?? '';
        if (type.startsWith('text/event-stream')) {
          // A stream stays open for what the server sends later: what it sent at once is enough here.
          abort.abort();
          return;
        }
        const text = await response.text();
        if (!type.startsWith('application/json') || text === '') return;
        const fault = faultOf({ status: response.status, messages: [JSON.parse(text)] });
        if (fault !== undefined) throw new Error(`${fault}\n  for ${what}`);
      }),
      { seed: FUZZ_SEED + 12, numRuns: FUZZ_RUNS },
    );
    const quote = callBody({ name: 'quote', arguments: { amount: 5 } });
    const modern = await post(url, JSON.stringify(quote), { ...MODERN_HEADERS, 'mcp-name': 'quote' });
    expect(JSON.stringify(resultOf(modern))).toContain('Quote: $6');
    const legacy = await LegacySession.open(url);
    const reply = await legacy.post(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'quote', arguments: { amount: 5 } },
      }),
    );
    expect(JSON.stringify(await reply.rest())).toContain('Quote: $6');
  });
});
