import type { AuthInfo } from '@modelcontextprotocol/server';

/** The authenticated principal: the token's subject (`extra.sub`) when it has one, else its client id. */
export function principalOf(auth: AuthInfo | undefined): string | undefined {
  if (!auth) return undefined;
  const subject = (auth.extra as Record<string, unknown> | undefined)?.sub;
  return typeof subject === 'string' ? subject : auth.clientId;
}
