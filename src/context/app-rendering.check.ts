import type { ClientCapabilitiesView } from './client-capabilities-view.js';

/**
 * Whether a question may name its app (`_meta.ui.resourceUri`): the client declares form elicitation,
 * and MCP Apps with the app MIME type and `elicitation`, and the server declares `elicitation` too.
 * Only flags read: the check costs what a plain question costs.
 */
export function appRenderingAllowed(client: ClientCapabilitiesView, serverDeclares: boolean): boolean {
  if (!serverDeclares) return false;
  const ui = client.ui;
  return ui !== undefined && ui.apps && ui.elicitation && client.elicitation?.form === true;
}
