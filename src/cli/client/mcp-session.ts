import {
  Client,
  StreamableHTTPClientTransport,
  type ElicitResult,
  type Tool,
} from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { MCP_APP_MIME_TYPE, UI_EXTENSION } from '../../shared/mcp-apps.constants.js';
import { CliError } from '../shared/cli.error.js';
import { errorMessage } from '../shared/error-message.formatter.js';
import { MODERN_PROTOCOL_VERSION, type EraPreference } from './era-preference.types.js';
import type { ElicitationAnswer } from './elicitation/elicitation-request.reader.js';
import { describeServerTarget, type ServerTarget } from './server-target.reader.js';
import type { ServerSummary } from './tool-list.formatter.js';

export interface McpSessionOptions {
  target: ServerTarget;
  era: EraPreference;
  clientVersion: string;
  /** Extra HTTP headers (e.g. Authorization) for an http(s) target. */
  headers?: Record<string, string>;
  /** What a spawned stdio server does with its stderr. */
  serverStderr?: 'inherit' | 'ignore';
  /** Answers `elicitation/create`, both the 2025 push requests and the MRTR embedded ones. */
  onElicitation?: (params: unknown) => Promise<ElicitationAnswer>;
}

/** A UI resource (MCP App) a server lists. */
export interface UiResourceSummary {
  uri: string;
  name: string;
  description?: string;
}

/**
 * A connected official MCP client. It declares form and URL elicitation and lets the
 * SDK drive multi-round-trip retries itself, through the same handler on both eras. It declares MCP
 * Apps with app-rendered questions too, so a question names its app; the app's question is still a
 * complete form, which the terminal asks.
 */
export class McpSession {
  private constructor(
    private readonly client: Client,
    readonly description: string,
  ) {}

  static async open(options: McpSessionOptions): Promise<McpSession> {
    const client = new Client(
      { name: 'elicitor-cli', version: options.clientVersion },
      {
        capabilities: {
          elicitation: { form: {}, url: {} },
          extensions: { [UI_EXTENSION]: { mimeTypes: [MCP_APP_MIME_TYPE], elicitation: {} } },
        },
        versionNegotiation: { mode: negotiationMode(options.era) },
        inputRequired: { autoFulfill: true },
      },
    );
    const answer = options.onElicitation;
    if (answer) {
      client.setRequestHandler(
        'elicitation/create',
        async (request) => (await answer(request.params)) as ElicitResult,
      );
    }
    const description = describeServerTarget(options.target);
    try {
      await client.connect(createTransport(options));
    } catch (error) {
      await client.close().catch(() => undefined);
      throw new CliError(`Could not connect to ${description}: ${errorMessage(error)}`);
    }
    return new McpSession(client, description);
  }

  /** The server's name and version, and the negotiated era and protocol version, as far as they are known. */
  get summary(): ServerSummary {
    const info = this.client.getServerVersion();
    const era = this.client.getProtocolEra();
    const protocolVersion = this.client.getNegotiatedProtocolVersion();
    return {
      ...(info?.name !== undefined ? { name: info.name } : {}),
      ...(info?.version !== undefined ? { version: info.version } : {}),
      ...(era !== undefined ? { era } : {}),
      ...(protocolVersion !== undefined ? { protocolVersion } : {}),
    };
  }

  async listTools(): Promise<Tool[]> {
    return (await this.client.listTools()).tools;
  }

  /** The MCP Apps among the listed resources; none when the server lists no resources. */
  async listUiResources(): Promise<UiResourceSummary[]> {
    if (!this.client.getServerCapabilities()?.resources) return [];
    const { resources } = await this.client.listResources();
    return resources
      .filter((resource) => resource.uri.startsWith('ui://') || resource.mimeType === MCP_APP_MIME_TYPE)
      .map((resource) => ({
        uri: resource.uri,
        name: resource.name,
        ...(resource.description ? { description: resource.description } : {}),
      }));
  }

  async callTool(name: string, args: Record<string, unknown>, timeoutMs: number) {
    return this.client.callTool(
      { name, arguments: args },
      { timeout: timeoutMs, resetTimeoutOnProgress: true },
    );
  }

  async close(): Promise<void> {
    await this.client.close().catch(() => undefined);
  }
}

function negotiationMode(era: EraPreference): 'auto' | 'legacy' | { pin: string } {
  if (era === 'modern') return { pin: MODERN_PROTOCOL_VERSION };
  return era;
}

function createTransport(options: McpSessionOptions): StreamableHTTPClientTransport | StdioClientTransport {
  const { target } = options;
  if (target.kind === 'http') {
    return new StreamableHTTPClientTransport(target.url, { requestInit: { headers: options.headers ?? {} } });
  }
  return new StdioClientTransport({
    command: target.command,
    args: target.args,
    // A server the user starts by hand expects their environment, not the SDK's safe subset.
    env: Object.fromEntries(
      Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ),
    stderr: options.serverStderr ?? 'inherit',
  });
}
