import { Elicitor, bearerAuth } from 'elicitor';
import type { ElicitorApp } from 'elicitor';
import { Maintainers } from './maintainers.guard.js';
import { ReleaseTools } from './release.tools.js';

export interface SignInSettings {
  /** The authorization server, e.g. https://auth.example.com, and its keys. */
  issuer: string;
  jwksUrl: string;
  /** This server's public URL: tokens must be issued for it. */
  resource: string;
  port?: number;
}

export async function startReleaseServer(
  settings: SignInSettings,
): Promise<{ app: ElicitorApp; url: string }> {
  const app = await Elicitor.create({
    name: 'releases',
    version: '1.0.0',
    tools: [ReleaseTools],
    providers: [Maintainers],
  });
  const { url } = await app.listen({
    http: {
      port: settings.port ?? 3000,
      authenticate: bearerAuth({
        jwks: settings.jwksUrl,
        issuer: settings.issuer,
        audience: settings.resource,
        resourceMetadata: { scopesSupported: ['repo:read', 'repo:write'] },
      }),
    },
  });
  return { app, url: url! };
}
