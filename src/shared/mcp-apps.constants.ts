/** The MCP Apps extension's identifier, under `capabilities.extensions` on both sides. */
export const UI_EXTENSION = 'io.modelcontextprotocol/ui';

/** The MIME type of an MCP App's HTML; a client lists it in its `mimeTypes` when it renders apps. */
export const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';

/** The URI scheme every UI resource uses. */
export const UI_URI_SCHEME = 'ui://';

/** The form app Elicitor ships: it renders any flat form question asked through an app. */
export const FORM_APP_URI = 'ui://elicitor/form';

/** The app-only tool an app answers a question asked through it with (hidden from the model). */
export const ANSWER_TOOL_NAME = 'elicitor_answer';
