// A minimal MCP Apps host, run in the browser: the official MCP client talks Streamable HTTP to the
// server (declaring the ui extension and no elicitation), and the App SDK's AppBridge renders a tool's
// UI resource in a sandboxed iframe. The test drives it through `window.appHost`.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import {
  AppBridge,
  PostMessageTransport,
  getToolUiResourceUri,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import type { McpUiHostCapabilities, McpUiStyles } from '@modelcontextprotocol/ext-apps/app-bridge';

const UI_EXTENSION = 'io.modelcontextprotocol/ui';
const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';

/** What the app told the host: `ui/update-model-context` or `ui/message`, with its text. */
interface HostEvent {
  method: 'ui/update-model-context' | 'ui/message';
  text: string;
}

const settings = new URLSearchParams(location.search);
const era = settings.get('era') === 'legacy' ? 'legacy' : 'modern';
const theme = settings.get('theme') === 'dark' ? 'dark' : 'light';
// Which way the host takes the outcome: as model context, or only as a message.
const takes = settings.get('takes') === 'message' ? 'message' : 'context';

const events: HostEvent[] = [];
const textOf = (content: unknown) =>
  (Array.isArray(content) ? content : [])
    .map((item: { type?: string; text?: string }) => (item.type === 'text' ? item.text : ''))
    .join('\n');

const client = new Client(
  { name: 'elicitor-app-host', version: '1.0.0' },
  {
    capabilities: { extensions: { [UI_EXTENSION]: { mimeTypes: [MCP_APP_MIME_TYPE] } } } as never,
    ...(era === 'modern' ? { versionNegotiation: { mode: 'auto' as const } } : {}),
  },
);
const connected = client.connect(new StreamableHTTPClientTransport(new URL('/mcp', location.origin)));

const hostCapabilities: McpUiHostCapabilities = {
  serverTools: {},
  ...(takes === 'context' ? { updateModelContext: { text: {} } } : {}),
  message: { text: {} },
};

/** Mounts the tool's UI in a sandboxed iframe and resolves once the app has initialised. */
async function mountApp(html: string): Promise<AppBridge> {
  const frame = document.createElement('iframe');
  frame.title = 'Tool app';
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.style.cssText = 'width: 560px; border: 0; display: block;';
  document.getElementById('apps')!.replaceChildren(frame);
  const bridge = new AppBridge(client, { name: 'elicitor-app-host', version: '1.0.0' }, hostCapabilities, {
    hostContext: { theme, displayMode: 'inline', platform: 'web' },
  });
  bridge.onupdatemodelcontext = async (params) => {
    events.push({ method: 'ui/update-model-context', text: textOf(params.content) });
    return {};
  };
  bridge.onmessage = async (params) => {
    events.push({ method: 'ui/message', text: textOf(params.content) });
    return {};
  };
  bridge.onsizechange = ({ height }) => {
    if (height !== undefined) frame.style.height = `${height}px`;
  };
  const initialized = new Promise<void>((resolve) => (bridge.oninitialized = () => resolve()));
  const window = frame.contentWindow!;
  // Listening before the app loads: its first message, ui/initialize, comes as soon as its script runs.
  await bridge.connect(new PostMessageTransport(window, window));
  frame.srcdoc = html;
  await initialized;
  return bridge;
}

/** Calls a tool as a host would: renders its UI resource, gives it the input, then the result. */
async function callTool(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  await connected;
  const { tools } = await client.listTools();
  const tool = tools.find((candidate) => candidate.name === name);
  const uri = tool && getToolUiResourceUri(tool);
  if (!uri) throw new Error(`${name} has no UI resource`);
  const read = await client.readResource({ uri });
  const html = (read.contents[0] as { text?: string } | undefined)?.text;
  if (!html) throw new Error(`${uri} has no HTML`);
  const bridge = await mountApp(html);
  current = bridge;
  await bridge.sendToolInput({ arguments: args });
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  await bridge.sendToolResult(result);
  return result;
}

let current: AppBridge | undefined;

/** Switches the host's theme; the app follows it through `ui/notifications/host-context-changed`. */
async function setTheme(next: 'light' | 'dark'): Promise<void> {
  document.documentElement.dataset.theme = next;
  await current?.sendHostContextChange({ theme: next });
}

/** Sends the app style variables of the MCP Apps spec, as a host with its own palette does. */
async function setStyleVariables(variables: Record<string, string>): Promise<void> {
  // The type lists every variable; a host may send a few, and the app keeps its fallbacks for the rest.
  await current?.sendHostContextChange({ styles: { variables: variables as McpUiStyles } });
}

const appHost = {
  era,
  events,
  callTool: async (name: string, args: Record<string, unknown>) =>
    textOf((await callTool(name, args)).content),
  setTheme,
  setStyleVariables,
  readText: async (uri: string) => {
    await connected;
    const read = await client.readResource({ uri });
    return (read.contents[0] as { text?: string } | undefined)?.text ?? '';
  },
  protocolVersion: async () => {
    await connected;
    return client.getNegotiatedProtocolVersion() ?? '';
  },
};
Object.assign(globalThis, { appHost });
