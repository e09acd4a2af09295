import 'reflect-metadata';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { StreamableHTTPClientTransport, extractWWWAuthenticateParams } from '@modelcontextprotocol/client';
import { Elicitor, bearerAuth } from 'elicitor';
import type { ElicitorApp } from 'elicitor';
import { officialClient } from '../support/official-client.js';
import { textOf } from '../support/transports.js';
import { AUDIENCE, LocalIssuer } from './local-issuer.js';
import { RepoTools } from './repo.tools.js';

interface Mount {
  name: string;
  start(app: ElicitorApp, issuer: LocalIssuer): Promise<Server>;
}

const signIn = (issuer: LocalIssuer) =>
  bearerAuth({ jwks: issuer.jwksUrl, issuer: issuer.issuer, audience: AUDIENCE });

async function listening(server: Server): Promise<Server> {
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

const MOUNTS: Mount[] = [
  {
    name: 'app.nodeHandler() in a server of the host',
    start: (app, issuer) => {
      const handler = app.nodeHandler({ authenticate: signIn(issuer) });
      return listening(createServer((request, response) => void handler(request, response)));
    },
  },
  {
    name: 'app.fetchHandler() served by @hono/node-server',
    start: async (app, issuer) => {
      const fetch = app.fetchHandler({ authenticate: signIn(issuer) });
      const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }) as Server;
      await new Promise<void>((resolve) => server.once('listening', resolve));
      return server;
    },
  },
  {
    name: 'app.attach() to a server with a listener of its own',
    start: (app, issuer) => {
      const server = createServer((_request, response) => void response.writeHead(200).end('own'));
      app.attach(server, { authenticate: signIn(issuer) });
      return listening(server);
    },
  },
];

describe.each(MOUNTS.map((mount) => [mount.name, mount] as const))('bearerAuth on %s', (_name, mount) => {
  let issuer: LocalIssuer;
  let app: ElicitorApp;
  let server: Server;
  let origin: string;
  let url: string;

  beforeAll(async () => {
    issuer = await LocalIssuer.start();
    app = await Elicitor.create({
      name: 'repo',
      version: '1',
      tools: [RepoTools],
      logger: { info: () => {}, warn: () => {}, error: () => {} },
    });
    server = await mount.start(app, issuer);
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    url = `${origin}/mcp`;
  });

  afterAll(async () => {
    await app.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await issuer.close();
  });

  it('serves the metadata document and points every 401 to it', async () => {
    const document = await fetch(`${origin}/.well-known/oauth-protected-resource/mcp`);
    expect(document.status).toBe(200);
    expect(await document.json()).toStrictEqual({
      resource: url,
      authorization_servers: [issuer.issuer],
      bearer_methods_supported: ['header'],
    });
    const refused = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).toBe(401);
    expect(extractWWWAuthenticateParams(refused).resourceMetadataUrl?.href).toBe(
      `${origin}/.well-known/oauth-protected-resource/mcp`,
    );
    const expired = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${await issuer.token({ scope: 'repo:read' }, -600)}` },
      body: '{}',
    });
    expect(expired.status).toBe(401);
    expect(extractWWWAuthenticateParams(expired).error).toBe('invalid_token');
  });

  it.each(['modern', 'legacy'] as const)('signs the official client in on the %s wire', async (era) => {
    const token = await issuer.token({ sub: 'grace', scope: 'repo:read' });
    const client = officialClient({ era });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), { authProvider: { token: async () => token } }),
    );
    try {
      expect(textOf(await client.callTool({ name: 'who_am_i', arguments: {} }))).toBe('grace (repo:read)');
      const refused = await client.callTool({ name: 'publish', arguments: {} });
      expect(textOf(refused)).toBe('Missing required scope(s): repo:write');
    } finally {
      await client.close();
    }
  });
});
