import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { LEGACY_OPEN_AND_LIST } from '../support/legacy-messages.js';

// The modern leg serves without the official SDK: it is imported when a legacy client first arrives.
const here = dirname(fileURLToPath(import.meta.url));
const seedTourMain = join(here, '..', '..', 'samples', 'seed-tour', 'dist', 'main.js');
const moduleLog = join(here, 'support', 'module-log.register.mjs');

const modernMeta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'lazy-sdk-spec', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

interface Reply {
  id?: number;
  result?: { tools?: unknown[]; content?: Array<{ text?: string }> };
}

/** Runs seed-tour on stdio, sends `messages`, and returns the replies and every module it resolved. */
async function serveOverStdio(
  messages: object[],
  repliesWanted: number,
): Promise<{ replies: Reply[]; modules: string[] }> {
  const child = spawn(process.execPath, ['--import', moduleLog, seedTourMain, '--stdio'], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const modules: string[] = [];
  createInterface({ input: child.stderr }).on('line', (line) => {
    if (line.startsWith('module-loaded ')) modules.push(line.slice('module-loaded '.length));
  });
  const replies: Reply[] = [];
  const done = new Promise<void>((resolve) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const reply = JSON.parse(line) as Reply;
      if (reply.id !== undefined) replies.push(reply);
      if (replies.length === repliesWanted) resolve();
    });
  });
  for (const message of messages) child.stdin.write(`${JSON.stringify(message)}\n`);
  await done;
  // Resolutions are reported asynchronously: give the last ones a moment to arrive.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill();
  await exited;
  return { replies, modules };
}

const sdkModules = (modules: string[]) => modules.filter((url) => url.includes('@modelcontextprotocol/'));

describe('the official SDK is loaded on first legacy use only', () => {
  it('serves modern tools/list and tools/call without importing @modelcontextprotocol/*', async () => {
    const { replies, modules } = await serveOverStdio(
      [
        { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: modernMeta } },
        {
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: { name: 'greet', arguments: {}, _meta: modernMeta },
        },
      ],
      2,
    );
    const byId = new Map(replies.map((reply) => [reply.id, reply]));
    expect(byId.get(1)?.result?.tools?.length).toBeGreaterThan(0);
    expect(byId.get(2)?.result?.content?.[0]?.text).toBe('Hello, stranger!');
    expect(modules.some((url) => url.includes('/samples/seed-tour/dist/'))).toBe(true);
    expect(sdkModules(modules)).toStrictEqual([]);
  });

  it('imports the SDK when a legacy client initializes, and serves it', async () => {
    const { replies, modules } = await serveOverStdio([...LEGACY_OPEN_AND_LIST], 2);
    expect(replies.find((reply) => reply.id === 2)?.result?.tools?.length).toBeGreaterThan(0);
    expect(sdkModules(modules).some((url) => url.includes('@modelcontextprotocol/server'))).toBe(true);
  });
});
