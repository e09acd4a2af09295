import 'reflect-metadata';
import { Elicitor } from 'elicitor';
import { MemoryStateStore, testKeyring } from 'elicitor/testing';
import type { DynamicModule, ElicitorApp, ElicitorAppOptions, ElicitorOptions } from 'elicitor';
import type { Client } from '@modelcontextprotocol/client';
import { connectHttp, connectStdio, officialClient } from './official-client.js';
import type { ClientSetup } from './official-client.js';

export type TransportKind = 'http' | 'stdio';

/** Every era × transport pair, for `describe.each`. */
export const ERA_TRANSPORTS = [
  ['modern', 'http'],
  ['modern', 'stdio'],
  ['legacy', 'http'],
  ['legacy', 'stdio'],
] as const;

/** Starts an app over HTTP on a free port, sealing with the fixed test keyring unless keys are given. */
export async function startHttpApp(options: ElicitorOptions): Promise<{ app: ElicitorApp; url: string }> {
  const app = await Elicitor.create({
    // One process per test: nothing to share or to survive a restart.
    store: new MemoryStateStore(),
    ...options,
    requestState: { keys: testKeyring(), ...options.requestState },
  });
  const { url } = await app.listen({ http: { port: 0 } });
  return { app, url: url! };
}

/** The same for an app built from a root module. */
export async function startHttpModuleApp(
  root: (new (...args: never[]) => object) | DynamicModule,
  options: ElicitorAppOptions,
): Promise<{ app: ElicitorApp; url: string }> {
  const app = await Elicitor.create(root, {
    ...options,
    requestState: { keys: testKeyring(), ...options.requestState },
  });
  const { url } = await app.listen({ http: { port: 0 } });
  return { app, url: url! };
}

/** Connects the official client over HTTP to `url`, or over stdio to a spawned `script --stdio`. */
export function connectClient(
  transport: TransportKind,
  target: { url?: string | undefined; script: string },
  setup: ClientSetup,
): Promise<Client> {
  const client = officialClient(setup);
  return transport === 'http' ? connectHttp(client, target.url!) : connectStdio(client, target.script);
}

/** The text of a tool result's text blocks. */
export function textOf(result: unknown): string {
  const content = (result as { content?: Array<{ type: string; text?: string }> }).content ?? [];
  return content
    .filter((block) => block.type === 'text')
    .map((block) => block.text)
    .join('\n');
}
