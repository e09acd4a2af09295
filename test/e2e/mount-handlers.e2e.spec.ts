import 'reflect-metadata';
import { createServer, request as httpRequest } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Client } from '@modelcontextprotocol/client';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { AuthInfo } from '@modelcontextprotocol/server';
import type { ElicitorApp, NodeHandlerOptions } from 'elicitor';
import { withModernMeta } from 'elicitor/testing';
import { officialClient } from '../support/official-client.js';
import { textOf } from '../support/transports.js';
import { Gate, createTableApp, guestAnswers, recordingLogger } from './support/table-booking.app.js';
import type { RecordingLogger } from './support/table-booking.app.js';

const TOKEN = 'tables-token';
const LIMIT = 4096;
const GUEST: AuthInfo = { token: TOKEN, clientId: 'guest-app', scopes: [] };

/** What a request for another path gets, mount by mount. */
type ForeignPath = { status: 404 } | { status: 200; text: string };

interface Mount {
  name: string;
  foreignPath: ForeignPath;
  start(app: ElicitorApp): Promise<Server>;
}

function bearer(header: string | null | undefined): AuthInfo {
  if (header !== `Bearer ${TOKEN}`) throw new Error('no valid token');
  return GUEST;
}

const nodeOptions: NodeHandlerOptions = {
  maxBodyBytes: LIMIT,
  authenticate: (request) => bearer(request.headers.authorization),
};

function readText(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.once('error', reject);
  });
}

async function listening(server: Server): Promise<Server> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

const MOUNTS: Mount[] = [
  {
    name: 'app.nodeHandler() reading the body stream itself',
    foreignPath: { status: 404 },
    start: (app) => {
      const handler = app.nodeHandler(nodeOptions);
      return listening(createServer((request, response) => void handler(request, response)));
    },
  },
  {
    name: 'app.nodeHandler() given a body parsed before it (third argument, as from Fastify)',
    foreignPath: { status: 404 },
    start: (app) => {
      const handler = app.nodeHandler(nodeOptions);
      return listening(
        createServer(async (request, response) => {
          if (request.method !== 'POST') return handler(request, response);
          return handler(request, response, JSON.parse(await readText(request)));
        }),
      );
    },
  },
  {
    name: 'app.nodeHandler() as middleware after a body parser (req.body, then next for other paths)',
    foreignPath: { status: 200, text: 'the next handler' },
    start: (app) => {
      const handler = app.nodeHandler(nodeOptions);
      const next = (response: ServerResponse) => () => {
        response.writeHead(200, { 'content-type': 'text/plain' }).end('the next handler');
      };
      return listening(
        createServer(async (request, response) => {
          if (request.method === 'POST') {
            (request as IncomingMessage & { body?: unknown }).body = JSON.parse(await readText(request));
          }
          await handler(request, response, next(response));
        }),
      );
    },
  },
  {
    name: 'app.fetchHandler() served by @hono/node-server',
    foreignPath: { status: 404 },
    start: async (app) => {
      const fetch = app.fetchHandler({
        maxBodyBytes: LIMIT,
        authenticate: (request) => bearer(request.headers.get('authorization')),
      });
      const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }) as Server;
      await new Promise<void>((resolve) => server.once('listening', resolve));
      return server;
    },
  },
  {
    name: 'app.attach() to an existing server with a listener of its own',
    foreignPath: { status: 200, text: 'the own listener' },
    start: (app) => {
      const server = createServer((_request, response) => {
        response.writeHead(200, { 'content-type': 'text/plain' }).end('the own listener');
      });
      app.attach(server, { path: '/mcp', ...nodeOptions });
      return listening(server);
    },
  },
];

async function connect(url: string, era: 'modern' | 'legacy', asked: string[]): Promise<Client> {
  const client = officialClient({ era, onElicit: guestAnswers(asked) });
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { authorization: `Bearer ${TOKEN}` } },
  });
  await client.connect(transport);
  return client;
}

/** One raw request, with any Host header (fetch cannot set one). */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; text: string; wwwAuthenticate?: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      { method: options.method ?? 'POST', headers: options.headers },
      (reply) => {
        const chunks: Buffer[] = [];
        reply.on('data', (chunk: Buffer) => chunks.push(chunk));
        reply.once('end', () =>
          resolve({
            status: reply.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            ...(reply.headers['www-authenticate'] !== undefined
              ? { wwwAuthenticate: reply.headers['www-authenticate'] }
              : {}),
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

function modernCall(name: string, extraHeaders: Record<string, string> = {}) {
  return {
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${TOKEN}`,
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': name,
      ...extraHeaders,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: withModernMeta({ name, arguments: {} }, { elicitation: {} }),
    }),
  };
}

const errorCode = (text: string) => (JSON.parse(text) as { error: { code: number } }).error.code;

describe.each(MOUNTS.map((mount) => [mount.name, mount] as const))('%s', (_name, mount) => {
  let app: ElicitorApp;
  let logger: RecordingLogger;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    logger = recordingLogger();
    app = await createTableApp(logger);
    server = await mount.start(app);
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  });
  afterAll(async () => {
    await app.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it.each(['modern', 'legacy'] as const)(
    'runs a two-question flow with the official client on the %s wire',
    async (era) => {
      const asked: string[] = [];
      const client = await connect(url, era, asked);
      try {
        expect(client.getNegotiatedProtocolVersion()).toBe(era === 'modern' ? '2026-07-28' : '2025-11-25');
        const result = await client.callTool({ name: 'book_table', arguments: {} });
        expect(textOf(result)).toBe('Booked a table for 4 under Ada.');
        expect(asked).toStrictEqual(['How many people?', 'A table for 4: under which name?']);
      } finally {
        await client.close();
      }
    },
  );

  it.each(['modern', 'legacy'] as const)('streams progress notifications on the %s wire', async (era) => {
    const client = await connect(url, era, []);
    const progress: number[] = [];
    try {
      const result = await client.callTool(
        { name: 'countdown', arguments: {} },
        { onprogress: (update) => progress.push(update.progress) },
      );
      expect(textOf(result)).toBe('Lift-off.');
      expect(progress).toStrictEqual([1, 2, 3]);
    } finally {
      await client.close();
    }
  });

  it('refuses a foreign Host and a foreign Origin with 403', async () => {
    const call = modernCall('book_table');
    const host = await send(url, { ...call, headers: { ...call.headers, host: 'evil.example' } });
    const origin = await send(url, { ...call, headers: { ...call.headers, origin: 'https://evil.example' } });
    expect([host.status, origin.status]).toStrictEqual([403, 403]);
  });

  it('runs authenticate: no token is a 401', async () => {
    const call = modernCall('book_table');
    const { authorization: _dropped, ...anonymous } = call.headers;
    const refused = await send(url, { ...call, headers: anonymous });
    expect(refused.status).toBe(401);
    expect(refused.wwwAuthenticate).toMatch(/^Bearer/);
    expect(errorCode(refused.text)).toBe(-32000);
  });

  it('checks the protocol headers against the body', async () => {
    const mismatch = await send(url, modernCall('book_table', { 'mcp-name': 'countdown' }));
    expect(mismatch.status).toBe(400);
    expect(errorCode(mismatch.text)).toBe(-32020);
  });

  it('refuses a body over maxBodyBytes with 413', async () => {
    const call = modernCall('book_table');
    const body = JSON.stringify({ ...JSON.parse(call.body), padding: 'x'.repeat(LIMIT) });
    const refused = await send(url, { headers: call.headers, body });
    expect(refused.status).toBe(413);
    expect(errorCode(refused.text)).toBe(-32600);
  });

  it('leaves other paths to the host', async () => {
    const other = await send(url.replace('/mcp', '/health'), { method: 'GET' });
    expect(other.status).toBe(mount.foreignPath.status);
    if (mount.foreignPath.status === 200) expect(other.text).toBe(mount.foreignPath.text);
    else expect(errorCode(other.text)).toBe(-32000);
    expect(logger.errors).toStrictEqual([]);
  });
});

describe('app.nodeHandler() after a parser that read the body but kept it', () => {
  it('answers 500 with a log line that says what to pass, instead of waiting for the stream', async () => {
    const logger = recordingLogger();
    const app = await createTableApp(logger);
    const handler = app.nodeHandler();
    const server = await listening(
      createServer(async (request, response) => {
        await readText(request);
        await handler(request, response);
      }),
    );
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
      const call = modernCall('book_table');
      const reply = await send(url, call);
      expect(reply.status).toBe(500);
      expect(logger.errors).toStrictEqual([
        'HTTP request failed: the request body was read before Elicitor got the request: pass the parsed body as the third argument of the handler',
      ]);
    } finally {
      await app.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('app.close() with handlers mounted', () => {
  it('detaches from an attached server, which keeps serving its own listener', async () => {
    const app = await createTableApp();
    const server = createServer((_request, response) => response.end('own'));
    app.attach(server);
    await listening(server);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
    try {
      const served = await send(url, modernCall('book_table'));
      expect(JSON.parse(served.text).result.resultType).toBe('input_required');
      await app.close();
      // toEqual: send() reports the absent WWW-Authenticate header as an undefined key.
      expect(await send(url, modernCall('book_table'))).toEqual({ status: 200, text: 'own' });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('app.fetch', () => {
  let app: ElicitorApp;
  beforeAll(async () => {
    app = await createTableApp();
  });
  afterAll(() => app.close());

  const post = (url: string, name: string, meta: Record<string, unknown> = {}) => {
    const call = modernCall(name);
    const body = JSON.parse(call.body) as { params: { _meta: Record<string, unknown> } };
    Object.assign(body.params._meta, meta);
    return new Request(url, { method: 'POST', headers: call.headers, body: JSON.stringify(body) });
  };

  it('is bound, and serves with the default options', async () => {
    const { fetch } = app;
    const reply = await fetch(post('http://localhost/mcp', 'book_table'));
    expect(reply.status).toBe(200);
    expect(((await reply.json()) as { result: { resultType: string } }).result.resultType).toBe(
      'input_required',
    );
    expect((await fetch(post('http://localhost/other', 'book_table'))).status).toBe(404);
  });

  it('judges a request without a Host header by its URL', async () => {
    expect((await app.fetch(post('http://evil.example/mcp', 'book_table'))).status).toBe(403);
  });

  it('streams SSE events while the call is still running', async () => {
    const reply = await app.fetch(post('http://localhost/mcp', 'wait_for_gate', { progressToken: 'p1' }));
    expect(reply.headers.get('content-type')).toBe('text/event-stream');
    const reader = reply.body!.getReader();
    const decoder = new TextDecoder();
    const first = decoder.decode((await reader.read()).value);
    expect(first).toContain('"method":"notifications/progress"');
    expect(first).not.toContain('The gate opened.');
    app.get(Gate).open();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      rest += decoder.decode(chunk.value);
    expect(rest).toContain('The gate opened.');
  });
});
