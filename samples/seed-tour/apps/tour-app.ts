import { App, applyDocumentTheme, applyHostStyleVariables } from '@modelcontextprotocol/ext-apps';
import type { McpUiAppCapabilities, McpUiHostContext } from '@modelcontextprotocol/ext-apps';

/** The element with this `data-testid`, which the page's HTML must have. */
export function part<T extends HTMLElement = HTMLElement>(testId: string): T {
  const element = document.querySelector<T>(`[data-testid="${testId}"]`);
  if (!element) throw new Error(`The page has no [data-testid="${testId}"]`);
  return element;
}

function followTheme(context: Partial<McpUiHostContext> | undefined): void {
  if (context?.theme) applyDocumentTheme(context.theme);
  if (context?.styles?.variables) applyHostStyleVariables(context.styles.variables);
}

/**
 * An App SDK app for one of the tour's pages. `setUp` registers its handlers before the app connects, so no
 * message from the host arrives unhandled; the page then follows the host's theme and style variables.
 */
export function startTourApp(
  name: string,
  capabilities: McpUiAppCapabilities,
  setUp: (app: App) => void,
): void {
  const app = new App({ name, version: '0.1.0' }, capabilities);
  setUp(app);
  app.addEventListener('hostcontextchanged', followTheme);
  app
    .connect()
    .then(() => followTheme(app.getHostContext()))
    .catch((error: unknown) => {
      part('status').textContent = `Could not reach the host: ${String(error)}`;
    });
}
