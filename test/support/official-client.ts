import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

export type Era = 'modern' | 'legacy';
export type ElicitationHandler = (
  params: Record<string, unknown>,
) => Record<string, unknown> | Promise<Record<string, unknown>>;

export interface ClientSetup {
  era: Era;
  /** A legacy client pinned to one revision, e.g. 2025-06-18 (default: the latest, 2025-11-25). */
  legacyVersion?: '2025-11-25' | '2025-06-18';
  capabilities?: Record<string, unknown>;
  onElicit?: ElicitationHandler;
}

/** The official client, set up for one era: `auto` negotiation reaches 2026-07-28, the default speaks 2025-11-25. */
export function officialClient(setup: ClientSetup): Client {
  const client = new Client(
    { name: 'elicitor-e2e', version: '1.0.0' },
    {
      capabilities: (setup.capabilities ?? { elicitation: { form: {}, url: {} } }) as never,
      ...(setup.era === 'modern' ? { versionNegotiation: { mode: 'auto' as const } } : {}),
      ...(setup.era === 'legacy' && setup.legacyVersion
        ? { supportedProtocolVersions: [setup.legacyVersion] }
        : {}),
    },
  );
  if (setup.onElicit) {
    const handler = setup.onElicit;
    client.setRequestHandler(
      'elicitation/create',
      async (request) => (await handler(request.params as never)) as never,
    );
  }
  return client;
}

export async function connectHttp(client: Client, url: string): Promise<Client> {
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

export async function connectStdio(client: Client, script: string, args: string[] = []): Promise<Client> {
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [script, '--stdio', ...args],
      stderr: 'pipe',
    }),
  );
  return client;
}
