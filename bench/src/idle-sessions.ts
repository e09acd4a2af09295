// `node --expose-gc bench/dist/idle-sessions.js [--sessions 10000]`: what idle 2025-11-25 sessions cost in
// memory. One process serves the bench tools over HTTP and opens the sessions itself (initialize, then
// notifications/initialized, 32 at a time), then reads the heap and RSS after full collections.
import 'reflect-metadata';
import { Agent, request } from 'node:http';
import { Elicitor } from 'elicitor';
import {
  LEGACY_PROTOCOL_VERSION,
  initializeRequest,
  initializedNotification,
} from './cold/json-rpc.exchange.js';
import { BenchTools } from './servers/elicitor-bench.tools.js';

const sessionsAt = process.argv.indexOf('--sessions');
const count = sessionsAt >= 0 ? Number(process.argv[sessionsAt + 1]) : 10_000;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

const app = await Elicitor.create({
  name: 'idle-sessions',
  version: '1.0.0',
  tools: [BenchTools],
  requestState: { keys: ['elicitor-bench-request-state-key-0123456789'] },
  logger: { info() {}, warn() {}, error() {} },
});
const { port } = await app.listen({ http: { port: 0, legacySessions: { maxSessions: count + 1_000 } } });
const agent = new Agent({ keepAlive: true, maxSockets: 32 });

function post(body: object, sessionId?: string): Promise<string | undefined> {
  const text = JSON.stringify(body);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'content-length': String(Buffer.byteLength(text)),
  };
  if (sessionId)
    Object.assign(headers, { 'mcp-session-id': sessionId, 'mcp-protocol-version': LEGACY_PROTOCOL_VERSION });
  return new Promise((resolve, reject) => {
    const sent = request(
      { host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers, agent },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.headers['mcp-session-id'] as string | undefined));
      },
    );
    sent.on('error', reject);
    sent.end(text);
  });
}

async function open(sessions: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < sessions) {
      const id = await post(initializeRequest(next++));
      await post(initializedNotification, id);
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
}

async function settled(): Promise<NodeJS.MemoryUsage> {
  for (let round = 0; round < 4; round++) {
    gc!();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return process.memoryUsage();
}

const mib = (bytes: number) => (bytes / 1_048_576).toFixed(1);
// Warm-up: the code paths of a session are loaded and compiled before the baseline.
await open(500);
const before = await settled();
await open(count);
const after = await settled();
process.stdout.write(
  `${count} idle sessions: heap ${mib(before.heapUsed)} -> ${mib(after.heapUsed)} MiB (+${mib(after.heapUsed - before.heapUsed)}), ` +
    `RSS ${mib(before.rss)} -> ${mib(after.rss)} MiB (+${mib(after.rss - before.rss)}), ` +
    `${((after.heapUsed - before.heapUsed) / count / 1024).toFixed(2)} KiB of heap each\n`,
);
agent.destroy();
await app.close();
