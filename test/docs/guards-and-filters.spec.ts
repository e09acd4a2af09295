import 'reflect-metadata';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Elicitor } from 'elicitor';
import type { AuthInfo, ElicitorApp } from 'elicitor';
import { TestClient, accept, testKeyring, testKeyringSecret } from 'elicitor/testing';
import { Maintainers } from '../../docs/snippets/guards/maintainers.guard.js';
import { introspectionAuth } from '../../docs/snippets/guards/introspection.auth.js';
import { ReleaseTools, published } from '../../docs/snippets/guards/release.tools.js';
import { startReleaseServer } from '../../docs/snippets/guards/sign-in.server.js';
import { LocalIssuer } from '../auth/local-issuer.js';
import { officialClient } from '../support/official-client.js';
import { textOf } from '../support/transports.js';

const user = (sub: string, scopes: string[]): AuthInfo => ({
  token: 't',
  clientId: 'c',
  scopes,
  extra: { sub },
});

describe('Guards and filters guide', () => {
  let app: ElicitorApp;
  beforeAll(async () => {
    app = await Elicitor.create({
      name: 'releases',
      version: '1',
      tools: [ReleaseTools],
      providers: [Maintainers],
      requestState: { keys: testKeyring() },
    });
  });
  afterAll(() => app.close());
  beforeEach(() => {
    published.length = 0;
  });

  it('refuses a reader the release, naming the missing scope', async () => {
    const run = await TestClient.forApp(app, { authInfo: user('ada', ['repo:read']) }).callTool('release', {
      version: '1.0.0',
    });
    expect(run.text).toBe('Missing required scope(s): repo:write');
    expect(
      (await TestClient.forApp(app, { authInfo: user('ada', ['repo:read']) }).callTool('list_releases')).text,
    ).toBe('no releases yet');
  });

  it('refuses a writer who is not a maintainer, through the injected guard', async () => {
    const run = await TestClient.forApp(app, { authInfo: user('bob', ['repo:read', 'repo:write']) }).callTool(
      'release',
      { version: '1.0.0' },
    );
    expect(run.text).toBe('Only maintainers may call release');
  });

  it('publishes for a maintainer, then turns the clash into the filter’s result', async () => {
    const maintainer = TestClient.forApp(app, { authInfo: user('ada', ['repo:read', 'repo:write']) });
    const first = await maintainer.callTool(
      'release',
      { version: '1.0.0' },
      { answers: { confirm: accept({ confirm: true }) } },
    );
    expect(first.text).toBe('Published 1.0.0');
    const again = await maintainer.callTool('release', { version: '1.0.0' });
    expect(again.result).toMatchObject({
      content: [{ type: 'text', text: 'Tag 1.0.0 is taken: pick another version.' }],
      isError: true,
    });
  });

  it('signs callers in with bearerAuth over HTTP, on both eras', async () => {
    const issuer = await LocalIssuer.start();
    process.env.ELICITOR_STATE_KEYS = testKeyringSecret; // a fixed test key, so no random-key warning
    const server = await startReleaseServer({
      issuer: issuer.issuer,
      jwksUrl: issuer.jwksUrl,
      resource: 'https://mcp.example.test/mcp',
      port: 0,
    });
    delete process.env.ELICITOR_STATE_KEYS;
    try {
      const unauthorized = await fetch(server.url, { method: 'POST', body: '{}' });
      expect(unauthorized.status).toBe(401);
      expect(unauthorized.headers.get('www-authenticate')).toMatch(
        /^Bearer resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/mcp"$/,
      );
      const token = await issuer.token({ sub: 'ada', scope: 'repo:read repo:write' });
      for (const era of ['modern', 'legacy'] as const) {
        const client = officialClient({
          era,
          onElicit: () => ({ action: 'accept', content: { confirm: true } }),
        });
        await client.connect(
          new StreamableHTTPClientTransport(new URL(server.url), {
            authProvider: { token: async () => token },
          }),
        );
        const version = era === 'modern' ? '2.0.0' : '2.0.1';
        expect(textOf(await client.callTool({ name: 'release', arguments: { version } }))).toBe(
          `Published ${version}`,
        );
        await client.close();
      }
    } finally {
      await server.app.close();
      await issuer.close();
    }
  });

  it('builds an introspection sign-in with its metadata', () => {
    const authenticate = introspectionAuth({});
    expect(authenticate.protectedResource).toStrictEqual({
      authorizationServers: ['https://auth.example.com'],
      resource: 'https://mcp.example.com/mcp',
    });
  });
});
