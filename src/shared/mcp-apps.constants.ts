/** The MCP Apps extension's identifier, under `capabilities.extensions` on both sides. */
export const UI_EXTENSION = 'io.modelcontextprotocol/ui';

/** The MIME type of an MCP App's HTML; a client lists it in its `mimeTypes` when it renders apps. */
export const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';

/** The URI scheme every UI resource uses. */
export const UI_URI_SCHEME = 'ui://';
