import { bearerAuth } from 'elicitor';
import type { BearerAuthenticate } from 'elicitor';

/** Opaque tokens: ask the authorization server about each one (RFC 7662). */
export function introspectionAuth(env: NodeJS.ProcessEnv): BearerAuthenticate {
  return bearerAuth({
    introspection: {
      url: env.INTROSPECTION_URL ?? 'https://auth.example.com/oauth/introspect',
      clientId: env.INTROSPECTION_CLIENT_ID ?? 'releases-mcp',
      clientSecret: env.INTROSPECTION_CLIENT_SECRET ?? '',
      audience: 'https://mcp.example.com/mcp',
    },
    resourceMetadata: {
      authorizationServers: ['https://auth.example.com'],
      resource: 'https://mcp.example.com/mcp',
    },
  });
}
