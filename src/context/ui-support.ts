import type { ClientCapabilities } from '@modelcontextprotocol/server';
import { isRecord } from '../shared/is-record.js';
import { MCP_APP_MIME_TYPE, UI_EXTENSION } from '../shared/mcp-apps.constants.js';

/** What a client declared of MCP Apps (`extensions["io.modelcontextprotocol/ui"]`). */
export class UiSupport {
  /** The app MIME types it renders. */
  readonly mimeTypes: readonly string[];
  /** Whether it renders MCP Apps (`text/html;profile=mcp-app` is among its MIME types). */
  readonly apps: boolean;
  /** Whether it lets an app answer a form question (`elicitation: {}` in the extension). */
  readonly elicitation: boolean;

  constructor(declared: Record<string, unknown>) {
    const mimeTypes = declared.mimeTypes;
    this.mimeTypes = Array.isArray(mimeTypes)
      ? Object.freeze(mimeTypes.filter((type): type is string => typeof type === 'string'))
      : [];
    this.apps = this.mimeTypes.includes(MCP_APP_MIME_TYPE);
    this.elicitation = isRecord(declared.elicitation);
  }

  /** The client's declaration, or undefined when it declared no UI extension. */
  static of(capabilities: ClientCapabilities | undefined): UiSupport | undefined {
    const extensions = (capabilities as { extensions?: unknown } | undefined)?.extensions;
    if (!isRecord(extensions)) return undefined;
    const declared = extensions[UI_EXTENSION];
    return isRecord(declared) ? new UiSupport(declared) : undefined;
  }
}
