import { isRecord } from '../shared/is-record.js';
import { MCP_APP_MIME_TYPE, UI_EXTENSION } from '../shared/mcp-apps.constants.js';
import type { InputRequestView, ScriptedAnswer } from './answer-script.js';

/** The UI extension as a host declares it when it renders MCP Apps and lets them answer questions. */
export const APPS_HOST_EXTENSION = Object.freeze({ mimeTypes: [MCP_APP_MIME_TYPE], elicitation: {} });

/** The capabilities with the MCP Apps host declaration added to whatever extensions they have. */
export function withAppsSupport(capabilities: Record<string, unknown>): Record<string, unknown> {
  const extensions = isRecord(capabilities.extensions) ? capabilities.extensions : {};
  return { ...capabilities, extensions: { ...extensions, [UI_EXTENSION]: APPS_HOST_EXTENSION } };
}

/** The app a question names (`_meta.ui.resourceUri`), if any. */
export function appOfQuestion(params: Record<string, unknown>): string | undefined {
  const meta = params._meta;
  const ui = isRecord(meta) ? meta.ui : undefined;
  const uri = isRecord(ui) ? ui.resourceUri : undefined;
  return typeof uri === 'string' ? uri : undefined;
}

/** A UI resource as a host reads it before rendering. */
export interface AppResourceView {
  uri: string;
  mimeType: string | undefined;
  html: string;
  /** The resource's `_meta.ui` (csp, permissions, domain, prefersBorder). */
  ui: Record<string, unknown> | undefined;
}

/** The view of a `resources/read` result's first content, or undefined when it holds none. */
export function appResourceOf(result: Record<string, unknown> | undefined): AppResourceView | undefined {
  const content = Array.isArray(result?.contents) ? (result.contents[0] as unknown) : undefined;
  if (!isRecord(content) || typeof content.uri !== 'string') return undefined;
  const meta = content._meta;
  const ui = isRecord(meta) && isRecord(meta.ui) ? meta.ui : undefined;
  const html =
    typeof content.text === 'string'
      ? content.text
      : typeof content.blob === 'string'
        ? Buffer.from(content.blob, 'base64').toString('utf8')
        : '';
  return {
    uri: content.uri,
    mimeType: typeof content.mimeType === 'string' ? content.mimeType : undefined,
    html,
    ui,
  };
}

/**
 * Answers as the app `app` would: an accepted `ElicitResult` with this content, the same result a native
 * form returns. Fails the call when the question was not sent with that app, so a test shows which
 * questions a host would have rendered with their app.
 */
export function fromApp(app: string, content: Record<string, unknown> = {}): ScriptedAnswer {
  return (request: InputRequestView) => {
    if (request.app !== app) {
      throw new Error(
        `"${request.key}" was asked ${request.app ? `with the app ${request.app}` : 'without an app'}, not with ${app}: check the app's declaration and the client's capabilities (apps: true)`,
      );
    }
    return { action: 'accept', content };
  };
}
