import type { ClientCapabilities } from '@modelcontextprotocol/server';
import { FIRST_URL_MODE_VERSION } from './legacy-elicitation.check.js';

/**
 * What a legacy client can really be asked, given the revision `initialize` settled on: before
 * 2025-11-25 elicitation had no modes, only forms, so a declared `url` is dropped and
 * `ctx.clientCapabilities.elicitation.url` reads false, letting a tool take its fallback path.
 */
export function negotiatedCapabilities(
  declared: ClientCapabilities | undefined,
  protocolVersion: string,
): ClientCapabilities | undefined {
  if (!declared?.elicitation || protocolVersion >= FIRST_URL_MODE_VERSION) return declared;
  const { url: _url, ...formOnly } = declared.elicitation;
  return { ...declared, elicitation: formOnly };
}
