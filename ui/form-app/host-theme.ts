import { applyDocumentTheme, applyHostStyleVariables } from '@modelcontextprotocol/ext-apps';
import type { App, McpUiHostContext } from '@modelcontextprotocol/ext-apps';

function applyHostTheme(context: Partial<McpUiHostContext> | undefined): void {
  if (context?.theme) applyDocumentTheme(context.theme);
  if (context?.styles?.variables) applyHostStyleVariables(context.styles.variables);
}

/**
 * Connects the app to its host and follows the host's light or dark theme and style variables, now and
 * whenever they change. Host fonts are left out: the app loads nothing from the network.
 */
export async function connectFollowingHostTheme(app: App): Promise<void> {
  app.addEventListener('hostcontextchanged', applyHostTheme);
  await app.connect();
  applyHostTheme(app.getHostContext());
}
