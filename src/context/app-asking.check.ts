import type { ClientCapabilitiesView } from './client-capabilities-view.js';

/**
 * Whether a question to this client goes through an app: it renders MCP Apps but cannot be sent a form
 * (no form elicitation declared). The server's `askThroughApps` option is the other condition.
 */
export function asksThroughApp(client: ClientCapabilitiesView): boolean {
  const ui = client.ui;
  return ui !== undefined && ui.apps && client.elicitation?.form !== true;
}
