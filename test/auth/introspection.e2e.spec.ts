import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPClientTransport, extractWWWAuthenticateParams } from '@modelcontextprotocol/client';
import { Elicitor, bearerAuth } from 'elicitor';
import type { ElicitorApp } from 'elicitor';
import { officialClient } from '../support/official-client.js';
import { textOf } from '../support/transports.js';
import { RepoTools } from './repo.tools.js';

const CREDENTIALS = `Basic ${Buffer.from('mcp-server:s3cret').toString('base64')}`;
const TOKENS: Record<string, Record<string, unknown>> = {
  'opaque-reader': { active: true, scope: 'repo:read', sub: 'grace', client_id: 'cli', aud: 'repo-api' },
  'opaque-foreign': { active: true, scope: 'repo:read', sub: 'grace', aud: 'other-api' },
  'opaque-revoked': { active: false },
};

/** A fake RFC 7662 endpoint: checks the server's Basic credentials and answers from a fixed table. */
function startIntrospection(seen: string[]): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.headers.authorization !== CREDENTIALS) return void response.writeHead(401).end();
      const form = new URLSearchParams(body);
      seen.push(`${form.get('token')}:${form.get('token_type_hint')}`);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(TOKENS[form.get('token') ?? ''] ?? { active: false }));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/introspect` }),
    ),
  );
}

describe('bearer tokens checked by introspection', () => {
  const seen: string[] = [];
  const errors: string[] = [];
  let introspection: { server: Server; url: string };
  let app: ElicitorApp;
  let url: string;

  beforeAll(async () => {
    introspection = await startIntrospection(seen);
    app = await Elicitor.create({
      name: 'repo',
      version: '1',
      tools: [RepoTools],
      logger: { info: () => {}, warn: () => {}, error: (message) => errors.push(message) },
    });
    ({ url } = (await app.listen({
      http: {
        port: 0,
        authenticate: bearerAuth({
          introspection: {
            url: introspection.url,
            clientId: 'mcp-server',
            clientSecret: 's3cret',
            audience: 'repo-api',
          },
          resourceMetadata: { authorizationServers: ['https://auth.example.test'] },
        }),
      },
    })) as { url: string });
  });

  afterAll(async () => {
    await app.close();
    introspection.server.closeAllConnections();
    await new Promise((resolve) => introspection.server.close(resolve));
  });

  it('lets an active token through to the tool, with the subject and scopes the server returned', async () => {
    const client = officialClient({ era: 'modern' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        authProvider: { token: async () => 'opaque-reader' },
      }),
    );
    try {
      expect(textOf(await client.callTool({ name: 'who_am_i', arguments: {} }))).toBe('grace (repo:read)');
      expect(seen).toContain('opaque-reader:access_token');
    } finally {
      await client.close();
    }
  });

  it('answers 401 invalid_token for an inactive token or one for another audience', async () => {
    for (const [token, description] of [
      ['opaque-revoked', 'The access token is not active'],
      ['opaque-foreign', "The access token's aud claim is not accepted"],
    ]) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: '{}',
      });
      expect(response.status).toBe(401);
      expect(extractWWWAuthenticateParams(response).error).toBe('invalid_token');
      expect(response.headers.get('www-authenticate')).toContain(`error_description="${description}"`);
    }
  });

  it('answers 503 and logs when the introspection endpoint cannot be reached', async () => {
    const down = await Elicitor.create({
      name: 'down',
      version: '1',
      tools: [RepoTools],
      logger: { info: () => {}, warn: () => {}, error: (message) => errors.push(message) },
    });
    const { url: downUrl } = await down.listen({
      http: {
        port: 0,
        authenticate: bearerAuth({
          introspection: {
            url: 'http://127.0.0.1:9/introspect',
            clientId: 'x',
            clientSecret: 'y',
            timeoutMs: 500,
          },
          resourceMetadata: { authorizationServers: ['https://auth.example.test'] },
        }),
      },
    });
    try {
      const response = await fetch(downUrl!, {
        method: 'POST',
        headers: { authorization: 'Bearer abc' },
        body: '{}',
      });
      expect(response.status).toBe(503);
      expect(errors).toContain('authentication is unavailable');
    } finally {
      await down.close();
    }
  });
});

describe('bearerAuth options', () => {
  it('need a way to check tokens, and an issuer and audience for JWTs', () => {
    expect(() => bearerAuth({ issuer: 'https://a.example' })).toThrow(
      'needs jwks (with issuer and audience) or introspection',
    );
    expect(() => bearerAuth({ jwks: { keys: [] }, issuer: 'https://a.example' })).toThrow(
      'needs issuer and audience',
    );
    expect(() =>
      bearerAuth({ introspection: { url: 'http://127.0.0.1/i', clientId: 'a', clientSecret: 'b' } }),
    ).toThrow('needs an issuer or resourceMetadata.authorizationServers');
  });
});
