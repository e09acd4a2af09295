import { PassThrough } from 'node:stream';
import type { Readable, Writable } from 'node:stream';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { ClientOptions, ElicitResult, Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { StreamClientTransport } from './stream-client.transport.js';
import { WireRecorder } from './wire-recorder.js';

export { textOf } from '../../support/transports.js';

/** The two initialize-era revisions that have elicitation. */
export type LegacyVersion = '2025-11-25' | '2025-06-18';

export type ElicitAnswerer = (
  params: Record<string, unknown>,
  signal: AbortSignal,
) => ElicitResult | Promise<ElicitResult>;

export interface LegacyClientSetup {
  version: LegacyVersion;
  /** Default: what a client of that revision declares for forms and (2025-11-25) URLs. */
  capabilities?: ClientOptions['capabilities'];
  onElicit?: ElicitAnswerer;
}

export interface Connection {
  client: Client;
  wire: WireRecorder;
}

/**
 * The official client on the legacy wire. Its default negotiation is the plain `initialize`, offering
 * the first 2025-era version of `supportedProtocolVersions`: 2025-11-25 unless pinned to 2025-06-18.
 */
export function legacyClient(setup: LegacyClientSetup): Client {
  const capabilities: NonNullable<ClientOptions['capabilities']> = setup.capabilities ?? {
    elicitation: setup.version === '2025-06-18' ? {} : { form: {}, url: {} },
  };
  const client = new Client(
    { name: 'elicitor-legacy-e2e', version: '1.0.0' },
    {
      capabilities,
      ...(setup.version === '2025-06-18' ? { supportedProtocolVersions: ['2025-06-18'] } : {}),
    },
  );
  const answer = setup.onElicit;
  if (capabilities.elicitation && answer) {
    client.setRequestHandler('elicitation/create', (request, ctx) =>
      answer(request.params as Record<string, unknown>, ctx.mcpReq.signal),
    );
  }
  return client;
}

async function connected(client: Client, transport: Transport): Promise<Connection> {
  await client.connect(transport);
  return { client, wire: WireRecorder.attach(transport) };
}

/**
 * Streamable HTTP with a session. `refuseGetStream` answers the client's standalone GET with 405, so
 * anything the server sends outside the call's own POST stream would be lost.
 */
export function connectHttp(
  client: Client,
  url: string,
  options: { refuseGetStream?: boolean } = {},
): Promise<Connection> {
  const fetchWithoutGet: typeof fetch = async (input, init) =>
    (init?.method ?? 'GET') === 'GET' ? new Response(null, { status: 405 }) : fetch(input, init);
  return connected(
    client,
    new StreamableHTTPClientTransport(
      new URL(url),
      options.refuseGetStream ? { fetch: fetchWithoutGet } : {},
    ),
  );
}

/** stdio to `node <script> --stdio` in a child process. */
export function connectSpawnedStdio(client: Client, script: string): Promise<Connection> {
  return connected(
    client,
    new StdioClientTransport({ command: process.execPath, args: [script, '--stdio'], stderr: 'pipe' }),
  );
}

interface StdioListener {
  listen(options: { stdio: { input: Readable; output: Writable } }): Promise<unknown>;
}

/** stdio to an app in this process, over a pair of streams. */
export async function connectInProcessStdio(client: Client, app: StdioListener): Promise<Connection> {
  const toServer = new PassThrough();
  const fromServer = new PassThrough();
  await app.listen({ stdio: { input: toServer, output: fromServer } });
  return connected(client, new StreamClientTransport(toServer, fromServer));
}

/** The rejection of a call, for asserting on JSON-RPC errors. */
export async function rejectionOf(
  call: Promise<unknown>,
): Promise<{ code?: number; message: string; data?: unknown }> {
  try {
    await call;
  } catch (error) {
    return error as { code?: number; message: string; data?: unknown };
  }
  throw new Error('expected the call to fail');
}
