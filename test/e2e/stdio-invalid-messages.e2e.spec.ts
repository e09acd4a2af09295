import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { Elicitor } from 'elicitor';
import type { ElicitorApp } from 'elicitor';
import { withModernMeta } from 'elicitor/testing';
import { coreModule } from '../fixtures/core-app/src/core.module.js';
import { legacyInitializeRequest } from '../../reliability/src/support/legacy-initialize-request.js';

const quiet = { info() {}, warn() {}, error() {} };

/** A stdio connection on a stream pair: write lines, read the replies as parsed messages. */
async function stdioConnection(): Promise<{
  app: ElicitorApp;
  send: (line: string) => void;
  reply: (id: string | null) => Promise<Record<string, unknown>>;
}> {
  const input = new PassThrough();
  const output = new PassThrough();
  const app = await Elicitor.create({ ...coreModule, logger: quiet });
  await app.listen({ stdio: { input, output } });
  const received: Array<Record<string, unknown>> = [];
  let buffered = '';
  output.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
      received.push(JSON.parse(buffered.slice(0, end)) as Record<string, unknown>);
      buffered = buffered.slice(end + 1);
    }
  });
  const reply = async (id: string | null) => {
    for (let attempt = 0; attempt < 200; attempt++) {
      const index = received.findIndex((message) => message.id === id);
      if (index >= 0) return received.splice(index, 1)[0]!;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no reply with id ${String(id)}`);
  };
  return { app, send: (line) => input.write(`${line}\n`), reply };
}

const INVALID_REQUEST = { code: -32600, message: 'Invalid Request: not a JSON-RPC 2.0 message' };
const REFUSED = { jsonrpc: '2.0', id: null, error: INVALID_REQUEST };
const CORE_STDIO = 'test/fixtures/core-app/dist/main.js';

/** Every JSON value that is no request object: each top-level type, batches, shapeless objects. */
const NOT_REQUESTS = [
  'null',
  '42',
  '-1.5',
  '"tools/list"',
  'true',
  'false',
  '[]',
  '[null]',
  '[{"jsonrpc":"2.0","id":"b","method":"ping"}]',
];
/** Objects that are no request or notification: before the era is picked they are refused too. */
const NOT_OPENINGS = [
  '{}',
  '{"jsonrpc":"2.0"}',
  '{"method":"initialize"}',
  '{"jsonrpc":"2.0","id":"r","result":{}}',
];

const INITIALIZE = JSON.stringify(legacyInitializeRequest('init', 'spec'));

function echoCall(id: string, era: 'modern' | 'legacy'): string {
  const params = { name: 'echo', arguments: { text: id } };
  return JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: era === 'modern' ? withModernMeta(params, {}) : params,
  });
}

/** Opens the era the first request picks: `initialize` for the push model, a modern call otherwise. */
async function open(
  era: 'modern' | 'legacy',
  send: (line: string) => void,
  reply: (id: string | null) => Promise<Record<string, unknown>>,
): Promise<void> {
  if (era === 'legacy') {
    send(INITIALIZE);
    expect(await reply('init')).toMatchObject({ result: { protocolVersion: '2025-11-25' } });
    send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    return;
  }
  send(echoCall('open', era));
  expect(await reply('open')).toMatchObject({ result: { content: [{ text: 'echo: open' }] } });
}

describe('stdio: messages the SDK would drop in silence get an answer', () => {
  it('legacy: a request with an unknown top-level key or array params gets -32600 with its id, and the session goes on', async () => {
    const { app, send, reply } = await stdioConnection();
    send(INITIALIZE);
    expect(await reply('init')).toMatchObject({ result: { protocolVersion: '2025-11-25' } });
    send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    send(JSON.stringify({ jsonrpc: '2.0', id: 'extra', method: 'tools/list', params: {}, extra: 1 }));
    expect(await reply('extra')).toStrictEqual({ jsonrpc: '2.0', id: 'extra', error: INVALID_REQUEST });
    send(JSON.stringify({ jsonrpc: '2.0', id: 'array', method: 'ping', params: [] }));
    expect(await reply('array')).toStrictEqual({ jsonrpc: '2.0', id: 'array', error: INVALID_REQUEST });
    send(JSON.stringify(42));
    expect(await reply(null)).toStrictEqual({ jsonrpc: '2.0', id: null, error: INVALID_REQUEST });
    send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 'echo',
        method: 'tools/call',
        params: { name: 'echo', arguments: { text: 'on' } },
      }),
    );
    expect(await reply('echo')).toMatchObject({ result: { content: [{ type: 'text', text: 'echo: on' }] } });
    await app.close();
  });

  it('modern: notifications/cancelled sent with an id is a request, and is answered', async () => {
    const { app, send, reply } = await stdioConnection();
    send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 'odd',
        method: 'notifications/cancelled',
        params: withModernMeta({ requestId: 'x' }, {}),
      }),
    );
    expect(await reply('odd')).toMatchObject({ jsonrpc: '2.0', id: 'odd', error: { code: -32601 } });
    await app.close();
  });
});

describe.each(['modern', 'legacy'] as const)('stdio, %s: a JSON value that is no request', (era) => {
  it('is refused with -32600 and a null id, first or later, and the connection goes on serving', async () => {
    const { app, send, reply } = await stdioConnection();
    for (const line of [...NOT_REQUESTS, ...NOT_OPENINGS]) {
      send(line);
      expect(await reply(null)).toStrictEqual(REFUSED);
    }
    await open(era, send, reply);
    for (const line of NOT_REQUESTS) {
      send(line);
      expect(await reply(null)).toStrictEqual(REFUSED);
    }
    send('{"jsonrpc":');
    expect(await reply(null)).toStrictEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error' },
    });
    send(echoCall('after', era));
    expect(await reply('after')).toMatchObject({ result: { content: [{ text: 'echo: after' }] } });
    await app.close();
  });

  it('does not stop a real server process: null first, then the era, then null again', async () => {
    const child = spawn(process.execPath, [CORE_STDIO, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const received: Array<Record<string, unknown>> = [];
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
        received.push(JSON.parse(buffered.slice(0, end)) as Record<string, unknown>);
        buffered = buffered.slice(end + 1);
      }
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const send = (line: string) => void child.stdin.write(`${line}\n`);
    const reply = async (id: string | null) => {
      for (let attempt = 0; attempt < 1_000; attempt++) {
        const index = received.findIndex((message) => message.id === id);
        if (index >= 0) return received.splice(index, 1)[0]!;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`no reply with id ${String(id)}; stderr: ${stderr}`);
    };
    send('null');
    expect(await reply(null)).toStrictEqual(REFUSED);
    await open(era, send, reply);
    send('null');
    expect(await reply(null)).toStrictEqual(REFUSED);
    send(echoCall('alive', era));
    expect(await reply('alive')).toMatchObject({ result: { content: [{ text: 'echo: alive' }] } });
    child.stdin.end();
    expect(await exited).toBe(0);
    expect(stderr).not.toContain('TypeError');
  }, 30_000);
});
