import type { Client } from '@modelcontextprotocol/client';
import {
  StreamableHTTPClientTransport,
  discoverOAuthProtectedResourceMetadata,
  extractWWWAuthenticateParams,
} from '@modelcontextprotocol/client';
import { Elicitor, bearerAuth } from 'elicitor';
import type { ElicitorApp } from 'elicitor';
import { officialClient } from '../support/official-client.js';
import type { Era } from '../support/official-client.js';
import { textOf } from '../support/transports.js';
import { AUDIENCE, LocalIssuer } from './local-issuer.js';
import { RepoTools } from './repo.tools.js';

const quietLogger = { info: () => {}, warn: () => {}, error: () => {} };

let issuer: LocalIssuer;
let app: ElicitorApp;
let url: string;

beforeAll(async () => {
  issuer = await LocalIssuer.start();
  app = await Elicitor.create({ name: 'repo', version: '1.0.0', tools: [RepoTools], logger: quietLogger });
  ({ url } = (await app.listen({
    http: {
      port: 0,
      authenticate: bearerAuth({
        jwks: issuer.jwksUrl,
        issuer: issuer.issuer,
        audience: AUDIENCE,
        resourceMetadata: { scopesSupported: ['repo:read', 'repo:write'], resourceName: 'Repo tools' },
      }),
    },
  })) as { url: string });
});

afterAll(async () => {
  await app.close();
  await issuer.close();
});

async function connect(
  era: Era,
  token: string | undefined,
  onElicit?: () => Record<string, unknown>,
): Promise<Client> {
  const client = officialClient({ era, ...(onElicit ? { onElicit } : {}) });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { authProvider: { token: async () => token } }),
  );
  return client;
}

function post(headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
  });
}

describe('the protected-resource metadata document', () => {
  it('is served at the path-suffixed and the bare well-known path, without a token', async () => {
    const origin = new URL(url).origin;
    for (const path of [
      '/.well-known/oauth-protected-resource/mcp',
      '/.well-known/oauth-protected-resource',
    ]) {
      const response = await fetch(origin + path);
      expect(response.status).toBe(200);
      expect(await response.json()).toStrictEqual({
        resource: url,
        authorization_servers: [issuer.issuer],
        bearer_methods_supported: ['header'],
        scopes_supported: ['repo:read', 'repo:write'],
        resource_name: 'Repo tools',
      });
    }
  });

  it('is what the official client discovers for the server', async () => {
    const metadata = await discoverOAuthProtectedResourceMetadata(url);
    expect(metadata.resource).toBe(url);
    expect(metadata.authorization_servers).toStrictEqual([issuer.issuer]);
  });
});

describe('a refused token', () => {
  const metadataUrl = () => `${new URL(url).origin}/.well-known/oauth-protected-resource/mcp`;

  it('without one: 401 pointing to the metadata document', async () => {
    const response = await post();
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${metadataUrl()}"`);
    expect(extractWWWAuthenticateParams(response).resourceMetadataUrl?.href).toBe(metadataUrl());
  });

  it('expired: 401 invalid_token saying so', async () => {
    const token = await issuer.token({ scope: 'repo:read' }, -3600);
    const response = await post({ authorization: `Bearer ${token}` });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${metadataUrl()}", error="invalid_token", error_description="The access token has expired"`,
    );
  });

  it('for another audience or issuer, or signed by another key: 401 invalid_token', async () => {
    const other = await LocalIssuer.start();
    try {
      const tokens = [
        await issuer.token({ scope: 'repo:read', aud: 'https://elsewhere.example/mcp' }),
        await issuer.token({ scope: 'repo:read', iss: 'https://impostor.example' }),
        await other.token({ scope: 'repo:read', iss: issuer.issuer }),
        'not.a.jwt',
      ];
      const descriptions: string[] = [];
      for (const token of tokens) {
        const response = await post({ authorization: `Bearer ${token}` });
        expect(response.status).toBe(401);
        const params = extractWWWAuthenticateParams(response);
        expect(params.error).toBe('invalid_token');
        descriptions.push(/error_description="([^"]*)"/.exec(response.headers.get('www-authenticate')!)![1]!);
      }
      expect(descriptions).toStrictEqual([
        "The access token's aud claim is not accepted",
        "The access token's iss claim is not accepted",
        'The access token is not valid',
        'The access token is not valid',
      ]);
    } finally {
      await other.close();
    }
  });

  it('in a malformed header: 400 invalid_request', async () => {
    const response = await post({ authorization: 'Basic dXNlcjpwYXNz' });
    expect(response.status).toBe(400);
    expect(extractWWWAuthenticateParams(response).error).toBe('invalid_request');
  });

  it('is refused by the official client before any call', async () => {
    await expect(connect('modern', undefined)).rejects.toThrow();
  });
});

describe.each(['modern', 'legacy'] as const)('signed-in calls on the %s wire', (era) => {
  it('reach the tool with the token’s subject and scopes (scp works like scope)', async () => {
    const client = await connect(era, await issuer.token({ scp: ['repo:read'] }));
    try {
      const result = await client.callTool({ name: 'who_am_i', arguments: {} });
      expect(textOf(result)).toBe('ada (repo:read)');
    } finally {
      await client.close();
    }
  });

  it('are refused by RequireScopes with a tool error naming the missing scope', async () => {
    const client = await connect(era, await issuer.token({ scope: 'repo:read' }));
    try {
      const result = await client.callTool({ name: 'publish', arguments: {} });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe('Missing required scope(s): repo:write');
    } finally {
      await client.close();
    }
  });

  it('run the whole flow, elicitation included, with every scope', async () => {
    const token = await issuer.token({ scope: 'repo:read repo:write' });
    const client = await connect(era, token, () => ({ action: 'accept', content: { go: true } }));
    try {
      const result = await client.callTool({ name: 'publish', arguments: {} });
      expect(textOf(result)).toBe('published');
      expect(client.getNegotiatedProtocolVersion()).toBe(era === 'modern' ? '2026-07-28' : '2025-11-25');
    } finally {
      await client.close();
    }
  });
});

describe('keys that cannot be fetched', () => {
  it('answer 503 and are logged, as the server cannot check any token', async () => {
    const logged: string[] = [];
    const blind = await Elicitor.create({
      name: 'blind',
      version: '1',
      tools: [RepoTools],
      logger: { ...quietLogger, error: (message: string) => logged.push(message) },
    });
    const { url: blindUrl } = await blind.listen({
      http: {
        port: 0,
        authenticate: bearerAuth({
          jwks: `${issuer.issuer}/missing-jwks.json`,
          issuer: issuer.issuer,
          audience: AUDIENCE,
        }),
      },
    });
    try {
      const token = await issuer.token({ scope: 'repo:read' });
      const response = await fetch(blindUrl!, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: '{}',
      });
      expect(response.status).toBe(503);
      expect(logged).toStrictEqual(['authentication is unavailable']);
    } finally {
      await blind.close();
    }
  });
});

describe('scopes every request needs', () => {
  it('answer 403 insufficient_scope naming them', async () => {
    const strict = await Elicitor.create({
      name: 'strict',
      version: '1',
      tools: [RepoTools],
      logger: quietLogger,
    });
    const { url: strictUrl } = await strict.listen({
      http: {
        port: 0,
        authenticate: bearerAuth({
          jwks: { keys: [issuer.publicJwk] },
          issuer: issuer.issuer,
          audience: AUDIENCE,
          requiredScopes: ['mcp:use'],
        }),
      },
    });
    try {
      const token = await issuer.token({ scope: 'repo:read' });
      const response = await fetch(strictUrl!, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: '{}',
      });
      expect(response.status).toBe(403);
      const params = extractWWWAuthenticateParams(response);
      expect(params.error).toBe('insufficient_scope');
      expect(params.scope).toBe('mcp:use');
    } finally {
      await strict.close();
    }
  });
});
