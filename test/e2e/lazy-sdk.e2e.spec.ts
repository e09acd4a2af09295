import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { LEGACY_OPEN_AND_LIST } from '../support/legacy-messages.js';
import { connectHttp, officialClient } from '../support/official-client.js';
import { modernMetaFor } from '../support/modern-meta.js';
import { textOf } from '../support/transports.js';

// The modern leg serves without the official SDK: it is imported when a legacy client first arrives.
const here = dirname(fileURLToPath(import.meta.url));
const seedTourMain = join(here, '..', '..', 'samples', 'seed-tour', 'dist', 'main.js');
const moduleLog = join(here, 'support', 'module-log.register.mjs');

const modernMeta = modernMetaFor('lazy-sdk-spec');

interface Reply {
  id?: number;
  result?: { tools?: unknown[]; content?: Array<{ text?: string }> };
}

/** Runs seed-tour on stdio, sends `messages`, and returns the replies and every module it resolved. */
async function serveOverStdio(
  messages: object[],
  repliesWanted: number,
  /** Answers a request the server sends (e.g. `elicitation/create`). */
  answer?: (request: { id: number; method: string; params: unknown }) => unknown,
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
      const reply = JSON.parse(line) as Reply & { method?: string; params?: unknown };
      if (reply.method !== undefined && reply.id !== undefined && answer) {
        const request = reply as { id: number; method: string; params: unknown };
        child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: request.id, result: answer(request) })}\n`);
        return;
      }
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

  it('serves a whole 2025-11-25 session on stdio, question pushed and answered, without importing it', async () => {
    const questions: unknown[] = [];
    const [initialize, initialized, list] = LEGACY_OPEN_AND_LIST;
    const { replies, modules } = await serveOverStdio(
      [
        { ...initialize, params: { ...initialize.params, capabilities: { elicitation: { form: {} } } } },
        initialized,
        list,
        { jsonrpc: '2.0', id: 3, method: 'logging/setLevel', params: { level: 'info' } },
        { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'greet', arguments: {} } },
        { jsonrpc: '2.0', id: 5, method: 'ping' },
      ],
      5,
      (request) => {
        questions.push(request.method);
        return { action: 'accept', content: { name: 'Ada' } };
      },
    );
    const byId = new Map(replies.map((reply) => [reply.id, reply]));
    expect((byId.get(1)?.result as { protocolVersion?: string }).protocolVersion).toBe('2025-11-25');
    expect(byId.get(2)?.result?.tools?.length).toBeGreaterThan(0);
    expect(byId.get(4)?.result?.content?.[0]?.text).toBe('Hello, Ada!');
    expect(byId.get(5)?.result).toStrictEqual({});
    expect(questions).toStrictEqual(['elicitation/create']);
    expect(modules.some((url) => url.includes('/samples/seed-tour/dist/'))).toBe(true);
    // No SDK Server (nor any other SDK module) exists in a process that never loaded the SDK.
    expect(sdkModules(modules)).toStrictEqual([]);
  });

  it('serves a whole 2025-11-25 session on HTTP to the official client without importing it', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', moduleLog, seedTourMain], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, PORT: String(port) },
    });
    const modules: string[] = [];
    createInterface({ input: child.stderr }).on('line', (line) => {
      if (line.startsWith('module-loaded ')) modules.push(line.slice('module-loaded '.length));
    });
    try {
      const url = `http://127.0.0.1:${port}/mcp`;
      await untilListening(url);
      const client = officialClient({
        era: 'legacy',
        onElicit: () => ({ action: 'accept', content: { name: 'Grace' } }),
      });
      await connectHttp(client, url);
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
      expect(textOf(await client.callTool({ name: 'greet', arguments: {} }))).toBe('Hello, Grace!');
      await client.close();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(modules.some((url) => url.includes('/samples/seed-tour/dist/'))).toBe(true);
      expect(sdkModules(modules)).toStrictEqual([]);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
    }
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function untilListening(url: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      await fetch(url, { method: 'GET' });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`${url} never answered`);
}
