import { afterAll, afterEach, describe, expect, it } from '@jest/globals';
import { createServer as createNodeServer } from 'node:http';
import type { Server as NodeHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve as serveFetch } from '@hono/node-server';
import 'reflect-metadata';
import { Elicitor } from '../../app/elicitor.js';
import type { ElicitorApp } from '../../app/elicitor-app.js';
import { Context } from '../../context/context.js';
import { Ctx } from '../../decorators/ctx.decorator.js';
import { Tool } from '../../decorators/tool.decorator.js';
import { Tools } from '../../decorators/tools.decorator.js';
import type { LegacyProtocolHandler } from '../../server/legacy/legacy-protocol.handler.js';
import { FakeClock } from '../../shared/fake-clock.js';
import { serveLegacyFetch } from './legacy-fetch-exchange.js';
import { serveLegacyExchange } from './legacy-http-exchange.js';
import { LegacyHttpSessions } from './legacy-http-sessions.js';
import { LegacyHttpHandler } from './legacy-http.handler.js';
import { MemoryEventStore } from './memory-event.store.js';
import type { LegacySessionOptions } from './legacy-session.options.js';
import { resolveLegacySessionOptions } from './legacy-session.options.js';

const MINUTE = 60_000;
const HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};
const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'spec', version: '1.0.0' } },
};

@Tools()
class SpecTools {
  @Tool({ description: 'Logs a line on its stream, then answers' })
  async chatty(@Ctx() ctx: Context): Promise<string> {
    await ctx.log.info('working');
    return 'done';
  }
}

/** The legacy leg of a small app, whose sessions the specs open on their own HTTP servers. */
let app: ElicitorApp | undefined;
async function legacyLeg(): Promise<LegacyProtocolHandler> {
  app ??= await Elicitor.create({
    name: 'spec',
    version: '1.0.0',
    tools: [SpecTools],
    requestState: { keys: ['legacy-http-sessions-spec-key-0123456789'] },
    logger: { info() {}, warn() {}, error() {} },
  });
  return (app as unknown as { parts: { legacy: LegacyProtocolHandler } }).parts.legacy;
}

afterAll(async () => {
  await app?.close();
});

/** How the sessions are served: the Node handler behind a `node:http` server, or the fetch one behind a fetch host. */
type Serving = 'node' | 'fetch';

interface Harness {
  sessions: LegacyHttpSessions;
  clock: FakeClock;
  logs: string[];
  url: string;
  close(): Promise<void>;
}

const open: Harness[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((harness) => harness.close()));
});

/** A real HTTP server whose only route is the sessions under test, on a fake clock. */
async function harness(
  serving: Serving,
  options: LegacySessionOptions = {},
  events?: MemoryEventStore,
): Promise<Harness> {
  const clock = new FakeClock();
  const logs: string[] = [];
  const logger = {
    info: (message: string) => logs.push(`info: ${message}`),
    warn: (message: string) => logs.push(`warn: ${message}`),
    error: (message: string) => logs.push(`error: ${message}`),
  };
  const resumability = events ? { eventStore: events } : undefined;
  const sessions = new LegacyHttpSessions(await legacyLeg(), resumability, { options, logger, clock });
  const handler = new LegacyHttpHandler(sessions);
  let server: NodeHttpServer;
  if (serving === 'node') {
    server = createNodeServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        serveLegacyExchange(handler, request, response, text ? JSON.parse(text) : undefined);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  } else {
    const fetch = async (request: Request) => {
      const text = request.method === 'POST' ? await request.text() : '';
      return serveLegacyFetch(handler, request, text ? JSON.parse(text) : undefined, undefined);
    };
    server = serveFetch({ fetch, port: 0, hostname: '127.0.0.1' }) as NodeHttpServer;
    await new Promise<void>((resolve) => server.once('listening', resolve));
  }
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  const built: Harness = {
    sessions,
    clock,
    logs,
    url,
    close: async () => {
      await sessions.closeAll();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  open.push(built);
  return built;
}

async function initialize(url: string): Promise<Response> {
  const response = await fetch(url, { method: 'POST', headers: HEADERS, body: JSON.stringify(INITIALIZE) });
  await response.text();
  return response;
}

async function newSession(url: string): Promise<string> {
  const response = await initialize(url);
  expect(response.status).toBe(200);
  return response.headers.get('mcp-session-id')!;
}

function ping(url: string, sessionId: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { ...HEADERS, 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }),
  });
}

describe.each<Serving>(['node', 'fetch'])('LegacyHttpSessions on the %s transport: the cap', (serving) => {
  it('refuses an initialize past the cap with 503, Retry-After and a JSON-RPC error, and logs once', async () => {
    const { url, sessions, logs } = await harness(serving, { maxSessions: 2 });
    await newSession(url);
    await newSession(url);
    const refused = await fetch(url, { method: 'POST', headers: HEADERS, body: JSON.stringify(INITIALIZE) });
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await refused.json()).toStrictEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32000, message: 'Server busy: 2 sessions are open; retry later' },
    });
    expect((await initialize(url)).status).toBe(503);
    expect(sessions.size).toBe(2);
    expect(logs.filter((line) => line.startsWith('warn: legacy session cap reached (2 open)'))).toHaveLength(
      1,
    );
  });

  it('does not keep a slot for a refused initialize', async () => {
    const { url, sessions } = await harness(serving, { maxSessions: 1 });
    const bad = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/plain' },
      body: JSON.stringify(INITIALIZE),
    });
    expect(bad.status).toBe(406);
    expect(sessions.size).toBe(0);
    await newSession(url);
    expect(sessions.size).toBe(1);
  });

  it('checks its options when built', () => {
    expect(resolveLegacySessionOptions()).toStrictEqual({
      maxSessions: 5_000,
      idleTimeoutMs: 30 * MINUTE,
      answerHoldMs: 10_000,
    });
    expect(() => resolveLegacySessionOptions({ maxSessions: 0 })).toThrow(
      /maxSessions must be a positive integer/,
    );
    expect(() => resolveLegacySessionOptions({ idleTimeoutMs: Number.NaN })).toThrow(/idleTimeoutMs/);
    expect(() => resolveLegacySessionOptions({ answerHoldMs: -1 })).toThrow(/answerHoldMs/);
  });
});

describe.each<Serving>(['node', 'fetch'])(
  'LegacyHttpSessions on the %s transport: idle expiry',
  (serving) => {
    it('closes a session idle for 30 minutes; its id then gets 404 and its slot is free again', async () => {
      const { url, sessions, clock, logs } = await harness(serving, { maxSessions: 1 });
      const id = await newSession(url);
      clock.advance(30 * MINUTE - 1);
      expect(sessions.sweep()).toBe(0);
      expect((await ping(url, id)).status).toBe(200); // a request is activity: the 30 minutes start again
      clock.advance(30 * MINUTE - 1);
      expect(sessions.sweep()).toBe(0);
      clock.advance(1);
      expect(sessions.sweep()).toBe(1);
      expect(sessions.size).toBe(0);
      expect(logs).toContain('info: closed 1 idle legacy session(s); 0 open');
      const gone = await ping(url, id);
      expect(gone.status).toBe(404);
      expect(await gone.json()).toStrictEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32001, message: 'Session not found' },
      });
      await newSession(url);
    });

    it('keeps a session while it holds an open stream, and reclaims it once the stream is gone and it stays idle', async () => {
      const { url, sessions, clock } = await harness(serving, { idleTimeoutMs: MINUTE });
      const id = await newSession(url);
      const stream = new AbortController();
      const listening = await fetch(url, {
        method: 'GET',
        headers: { accept: 'text/event-stream', 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' },
        signal: stream.signal,
      });
      expect(listening.status).toBe(200);
      clock.advance(10 * MINUTE);
      expect(sessions.sweep()).toBe(0);
      stream.abort(); // the client vanished without a DELETE
      await until(() => sessionsIdle(sessions, clock));
      expect(sessions.size).toBe(0);
    });

    it("drops an expired session's events from the shared event store", async () => {
      const events = new MemoryEventStore();
      const { url, sessions, clock } = await harness(serving, {}, events);
      const id = await newSession(url);
      const call = await fetch(url, {
        method: 'POST',
        headers: { ...HEADERS, 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'chatty' } }),
      });
      expect(await call.text()).toContain('"text":"done"');
      expect(events.size).toBeGreaterThan(0);
      clock.advance(30 * MINUTE);
      expect(sessions.sweep()).toBe(1);
      await until(() => events.size === 0);
    });

    it('ends a session at once on DELETE', async () => {
      const { url, sessions } = await harness(serving);
      const id = await newSession(url);
      const deleted = await fetch(url, {
        method: 'DELETE',
        headers: { 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' },
      });
      expect(deleted.status).toBe(200);
      expect(sessions.size).toBe(0);
      expect((await ping(url, id)).status).toBe(404);
    });

    it('uses an unref-ed timer, so an open session never keeps the process alive', async () => {
      const { sessions } = await harness(serving);
      const timer = (sessions as unknown as { sweeper: NodeJS.Timeout }).sweeper;
      expect(timer.hasRef()).toBe(false);
    });
  },
);

/** One sweep a minute later: true once the session was reclaimed. */
function sessionsIdle(sessions: LegacyHttpSessions, clock: FakeClock): boolean {
  clock.advance(MINUTE);
  sessions.sweep();
  return sessions.size === 0;
}

async function until(condition: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('condition never held');
}

describe.each<Serving>(['node', 'fetch'])('legacy HTTP on the %s transport: the request rules', (serving) => {
  const post = (url: string, body: unknown, headers: Record<string, string>) =>
    fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  const errorOf = async (response: Response) =>
    [response.status, ((await response.json()) as { error: { code: number } }).error.code] as const;

  it('refuses what the SDK transport refused, with the same statuses and codes', async () => {
    const { url } = await harness(serving);
    const id = await newSession(url);
    const session = { ...HEADERS, 'mcp-session-id': id };
    const ping = { jsonrpc: '2.0', id: 9, method: 'ping' };
    expect(await errorOf(await post(url, ping, HEADERS))).toStrictEqual([400, -32000]);
    expect(
      await errorOf(await post(url, ping, { ...session, 'mcp-protocol-version': '1999-01-01' })),
    ).toStrictEqual([400, -32000]);
    expect(await errorOf(await post(url, ping, { ...session, accept: 'application/json' }))).toStrictEqual([
      406, -32000,
    ]);
    expect(await errorOf(await post(url, ping, { ...session, 'content-type': 'text/plain' }))).toStrictEqual([
      415, -32000,
    ]);
    expect(await errorOf(await post(url, { jsonrpc: '2.0', id: 1, nope: true }, session))).toStrictEqual([
      400, -32700,
    ]);
    expect(await errorOf(await post(url, INITIALIZE, session))).toStrictEqual([400, -32600]);
    const put = await fetch(url, { method: 'PUT', headers: session, body: '{}' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, POST, DELETE');
    await put.text();
  });

  it('answers a call that needs no stream with JSON, a batch with an array, and notifications with 202', async () => {
    const { url } = await harness(serving);
    const id = await newSession(url);
    const session = { ...HEADERS, 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' };
    const one = await post(url, { jsonrpc: '2.0', id: 1, method: 'ping' }, session);
    expect(one.headers.get('content-type')).toBe('application/json');
    expect(one.headers.get('mcp-session-id')).toBe(id);
    expect(await one.json()).toStrictEqual({ jsonrpc: '2.0', id: 1, result: {} });
    const batch = await post(
      url,
      [
        { jsonrpc: '2.0', id: 2, method: 'ping' },
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 3, method: 'nope' },
      ],
      session,
    );
    expect(await batch.json()).toStrictEqual([
      { jsonrpc: '2.0', id: 2, result: {} },
      { jsonrpc: '2.0', id: 3, error: { code: -32601, message: 'Method not found: nope' } },
    ]);
    const note = await post(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, session);
    expect(note.status).toBe(202);
  });

  it('streams a call that logs as SSE, and allows one standalone GET stream per session', async () => {
    const { url } = await harness(serving);
    const id = await newSession(url);
    const session = { ...HEADERS, 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' };
    const call = await post(
      url,
      { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'chatty' } },
      session,
    );
    expect(call.headers.get('content-type')).toBe('text/event-stream');
    const events = await call.text();
    expect(events.indexOf('"method":"notifications/message"')).toBeLessThan(events.indexOf('"id":4'));
    const stream = new AbortController();
    const get = { accept: 'text/event-stream', 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' };
    const first = await fetch(url, { method: 'GET', headers: get, signal: stream.signal });
    expect(first.status).toBe(200);
    const second = await fetch(url, { method: 'GET', headers: get });
    expect(await errorOf(second)).toStrictEqual([409, -32000]);
    stream.abort();
  });
});
