import 'reflect-metadata';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Logger } from '@nestjs/common';
import { Elicitor } from 'elicitor';
import { testKeyringSecret } from 'elicitor/testing';
import express from 'express';
import type { ElicitorApp } from 'elicitor';
import { createAttachedServer } from '../../docs/snippets/mounting/attach.server.js';
import { createExpressApp } from '../../docs/snippets/mounting/express.server.js';
import { createFastifyApp } from '../../docs/snippets/mounting/fastify.server.js';
import { secureHandlers } from '../../docs/snippets/mounting/handler.options.js';
import { createHonoApp } from '../../docs/snippets/mounting/hono.server.js';
import { ELICITOR_APP } from '../../docs/snippets/mounting/nest/elicitor.provider.js';
import { GreetingsService } from '../../docs/snippets/mounting/nest/greetings.service.js';
import { startNest } from '../../docs/snippets/mounting/nest/main.js';
import { AppModule, appOptions } from '../../docs/snippets/getting-started/app.module.js';
import { connectHttp, officialClient } from '../support/official-client.js';
import { textOf } from '../support/transports.js';
import { postWithHost } from './support/modern-http.js';

interface Running {
  base: string;
  close(): Promise<void>;
}

// Nest's start-up log lines say nothing these tests check.
Logger.overrideLogger(false);

const portOf = (server: Server) => (server.address() as AddressInfo).port;

async function listen(server: Server): Promise<Server> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

async function stop(server: Server, mcp?: ElicitorApp): Promise<void> {
  await mcp?.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

/** Each guide snippet started on a free port, with the non-MCP route it keeps and what that answers. */
const HOSTS: Array<[string, () => Promise<Running>, string, string]> = [
  [
    'Express',
    async () => {
      const { app, mcp } = await createExpressApp();
      const server = await listen(createServer(app));
      return { base: `http://127.0.0.1:${portOf(server)}`, close: () => stop(server, mcp) };
    },
    '/health',
    '{"ok":true}',
  ],
  [
    'Fastify',
    async () => {
      const fastify = await createFastifyApp();
      const address = await fastify.listen({ port: 0, host: '127.0.0.1' });
      return { base: address, close: () => fastify.close() };
    },
    '/health',
    '{"ok":true}',
  ],
  [
    'Hono',
    async () => {
      const { app, mcp } = await createHonoApp();
      const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
      await new Promise<void>((resolve) => server.once('listening', resolve));
      return { base: `http://127.0.0.1:${portOf(server)}`, close: () => stop(server, mcp) };
    },
    '/health',
    '{"ok":true}',
  ],
  [
    'NestJS',
    async () => {
      const nest = await startNest(0);
      return {
        base: `http://127.0.0.1:${portOf(nest.getHttpServer() as Server)}`,
        close: () => nest.close(),
      };
    },
    '/greeted',
    '["Ada","Ada"]', // the tool greeted through Nest's own GreetingsService, once per era
  ],
  [
    'attach',
    async () => {
      const { server, mcp } = await createAttachedServer();
      await listen(server);
      return { base: `http://127.0.0.1:${portOf(server)}`, close: () => stop(server, mcp) };
    },
    '/health',
    'ok',
  ],
];

const askedName = (params: Record<string, unknown>) => {
  expect(params.message).toBe('What is your name?');
  return { action: 'accept', content: { name: 'Ada' } };
};

beforeAll(() => {
  process.env.ELICITOR_STATE_KEYS = testKeyringSecret;
});
afterAll(() => {
  delete process.env.ELICITOR_STATE_KEYS;
});

describe.each(HOSTS)('Mounting guide: %s', (_name, start, route, answer) => {
  let running: Running;
  beforeAll(async () => {
    running = await start();
  });
  afterAll(() => running.close());

  it.each(['modern', 'legacy'] as const)(
    'greets through /mcp with the official client on the %s wire',
    async (era) => {
      const client = await connectHttp(officialClient({ era, onElicit: askedName }), `${running.base}/mcp`);
      try {
        expect(client.getNegotiatedProtocolVersion()).toBe(era === 'modern' ? '2026-07-28' : '2025-11-25');
        expect(textOf(await client.callTool({ name: 'greet', arguments: {} }))).toBe('Hello, Ada!');
      } finally {
        await client.close();
      }
    },
  );

  it(`keeps serving its own ${route}`, async () => {
    const reply = await fetch(`${running.base}${route}`);
    expect(reply.status).toBe(200);
    expect(await reply.text()).toBe(answer);
  });
});

describe('Mounting guide: NestJS shares one provider', () => {
  it('hands Nest’s GreetingsService instance to the Elicitor app', async () => {
    const nest = await startNest(0);
    try {
      const mcp = nest.get<symbol, ElicitorApp>(ELICITOR_APP);
      expect(mcp.get(GreetingsService)).toBe(nest.get(GreetingsService));
    } finally {
      await nest.close();
    }
  });
});

describe('Mounting guide: handler options', () => {
  let mcp: ElicitorApp;
  let server: Server;
  let url: string;
  beforeAll(async () => {
    mcp = await Elicitor.create(AppModule, appOptions);
    const { node } = secureHandlers(mcp, (token) => token === 'partner-token');
    server = await listen(createServer((request, response) => void node(request, response)));
    url = `http://127.0.0.1:${portOf(server)}/mcp`;
  });
  afterAll(() => stop(server, mcp));

  it('refuses a call without a valid token with 401', async () => {
    const reply = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer stolen' },
      body: '{}',
    });
    expect(reply.status).toBe(401);
  });

  it('accepts the allowed host names only', async () => {
    expect(await postWithHost(url, 'evil.example')).toBe(403);
    expect(await postWithHost(url, 'mcp.example.com')).toBe(401); // past the host check, then no token
  });

  it('authenticates web requests in the fetch handler too', async () => {
    const { fetch } = secureHandlers(mcp, (token) => token === 'partner-token');
    const refused = await fetch(new Request('http://localhost/mcp', { method: 'POST', body: '{}' }));
    expect(refused.status).toBe(401);
  });
});

describe('Mounting guide: Express middleware under a prefix', () => {
  it('matches req.originalUrl against the path, and passes other paths on', async () => {
    const mcp = await Elicitor.create(AppModule, appOptions);
    const app = express();
    app.use(express.json());
    app.use('/api', mcp.nodeHandler({ path: '/api/mcp' }));
    app.get('/api/status', (_request, response) => {
      response.send('up');
    });
    const server = await listen(createServer(app));
    try {
      const base = `http://127.0.0.1:${portOf(server)}/api`;
      const client = await connectHttp(officialClient({ era: 'modern', onElicit: askedName }), `${base}/mcp`);
      expect(textOf(await client.callTool({ name: 'greet', arguments: {} }))).toBe('Hello, Ada!');
      await client.close();
      expect(await (await fetch(`${base}/status`)).text()).toBe('up');
    } finally {
      await stop(server, mcp);
    }
  });
});
