// The 2026-07-28 wire shapes every server and the load generator agree on.

export const MODERN_PROTOCOL_VERSION = '2026-07-28';
export const PROTOCOL_VERSION_META_KEY = 'io.modelcontextprotocol/protocolVersion';
export const CLIENT_CAPABILITIES_META_KEY = 'io.modelcontextprotocol/clientCapabilities';
export const CLIENT_INFO_META_KEY = 'io.modelcontextprotocol/clientInfo';
export const MCP_PATH = '/mcp';

export const ECHO_TOOL = 'echo';
export const FLOW_TOOL = 'flow';
/** The flow asks these keys in order, one per round, then completes: 2 questions = 3 rounds. */
export const FLOW_KEYS = ['a', 'b'] as const;

/** Every question of the flow asks for one required string field with this name. */
export const ANSWER_FIELD = 'value';
export const answerFor = (key: string): string => `answer-${key}`;
/** What the flow's final text must be once both answers arrived. */
export const FLOW_FINAL_TEXT = FLOW_KEYS.map((key) => `${key}=${answerFor(key)}`).join(' ');

export const answerSchema = {
  type: 'object' as const,
  properties: { [ANSWER_FIELD]: { type: 'string' as const } },
  required: [ANSWER_FIELD],
};

export const questionFor = (key: string): string => `Question ${key}?`;

export const requestMeta = {
  [PROTOCOL_VERSION_META_KEY]: MODERN_PROTOCOL_VERSION,
  [CLIENT_INFO_META_KEY]: { name: 'elicitor-bench', version: '1.0.0' },
  [CLIENT_CAPABILITIES_META_KEY]: { elicitation: { form: {} } },
};

/** The UI resource that renders the app flow's questions where the client renders MCP Apps. */
export const APP_QUESTION_URI = 'ui://bench/answer';
export const UI_EXTENSION_ID = 'io.modelcontextprotocol/ui';

/** A client that renders MCP Apps and app-rendered questions: every one of the four conditions holds. */
export const appHostRequestMeta = {
  ...requestMeta,
  [CLIENT_CAPABILITIES_META_KEY]: {
    elicitation: { form: {} },
    extensions: { [UI_EXTENSION_ID]: { mimeTypes: ['text/html;profile=mcp-app'], elicitation: {} } },
  },
};

export interface ToolCallParams {
  name: string;
  arguments: Record<string, unknown>;
  inputResponses?: Record<string, unknown>;
  requestState?: string;
}

export function toolCallBody(id: number, params: ToolCallParams, meta: object = requestMeta): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { ...params, _meta: meta },
  });
}

/** The headers of a modern `tools/call` POST (Host and Content-Length are added by the connection). */
export function toolCallHeaders(toolName: string): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    'MCP-Protocol-Version': MODERN_PROTOCOL_VERSION,
    'Mcp-Method': 'tools/call',
    'Mcp-Name': toolName,
  };
}

export function acceptAnswer(key: string): { action: 'accept'; content: Record<string, string> } {
  return { action: 'accept', content: { [ANSWER_FIELD]: answerFor(key) } };
}
