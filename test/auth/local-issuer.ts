import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import type { JWK } from 'jose';

type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

/** A local authorization server's signing side: a key pair, its JWKS served over HTTP, and tokens. */
export class LocalIssuer {
  private constructor(
    readonly issuer: string,
    readonly jwksUrl: string,
    readonly publicJwk: JWK,
    private readonly privateKey: PrivateKey,
    private readonly server: Server,
  ) {}

  static async start(): Promise<LocalIssuer> {
    const { publicKey, privateKey } = await generateKeyPair('ES256');
    const publicJwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'ES256', use: 'sig' };
    const server = createServer((request, response) => {
      if (request.url !== '/jwks.json') return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ keys: [publicJwk] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return new LocalIssuer(base, `${base}/jwks.json`, publicJwk, privateKey, server);
  }

  /** A signed access token; `expiresIn` in seconds (negative: already expired). */
  async token(
    claims: { sub?: string; scope?: string; scp?: string[]; aud?: string; iss?: string },
    expiresIn = 300,
  ): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const { aud = 'https://mcp.example.test/mcp', iss = this.issuer, sub = 'ada', ...rest } = claims;
    return new SignJWT({ ...rest, client_id: 'test-client' })
      .setProtectedHeader({ alg: 'ES256', kid: 'test-key' })
      .setIssuer(iss)
      .setAudience(aud)
      .setSubject(sub)
      .setIssuedAt(now)
      .setExpirationTime(now + expiresIn)
      .sign(this.privateKey);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

export const AUDIENCE = 'https://mcp.example.test/mcp';
