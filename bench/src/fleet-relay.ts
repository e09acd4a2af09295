// `REDIS_URL=redis://... node bench/dist/fleet-relay.js [--flows 200]`: what relaying an answer through
// Redis adds to a round on the 2025 wire. Two replicas of the fleet fixture share one Redis; a session's
// call runs on replica A, and each answer is POSTed to A itself or to B, alternately. See bench/README.md.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import {
  LEGACY_PROTOCOL_VERSION,
  initializeRequest,
  initializedNotification,
} from './cold/json-rpc.exchange.js';
import type { JsonRpcMessage } from './cold/json-rpc.exchange.js';
import { median, quantile } from './load/latency.stats.js';
import { fixed, textTable } from './report/text-table.js';

const REPLICA = fileURLToPath(new URL('../../test/fixtures/fleet-replica/dist/main.js', import.meta.url));
const flowsIndex = process.argv.indexOf('--flows');
const FLOWS = flowsIndex >= 0 ? Number(process.argv[flowsIndex + 1]) : 200;
const WARM_UP = 20;

interface Replica {
  child: ChildProcess;
  port: number;
}

async function startReplica(redisUrl: string, prefix: string): Promise<Replica> {
  const child = spawn(process.execPath, [REPLICA], {
    env: { ...process.env, REDIS_URL: redisUrl, FLEET_PREFIX: prefix, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  for await (const chunk of child.stdout!) {
    output += String(chunk);
    const port = /listening (\d+)/.exec(output)?.[1];
    if (port) return { child, port: Number(port) };
  }
  throw new Error('replica exited before serving');
}

function post(port: number, message: JsonRpcMessage, sessionId?: string): Promise<IncomingMessage> {
  const body = JSON.stringify(message);
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
  };
  if (sessionId)
    Object.assign(headers, { 'Mcp-Session-Id': sessionId, 'MCP-Protocol-Version': LEGACY_PROTOCOL_VERSION });
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers }, resolve);
    req.on('error', reject);
    req.end(body);
  });
}

/** The JSON-RPC messages of an SSE answer, one at a time, as they arrive. */
async function* messagesOf(response: IncomingMessage): AsyncGenerator<JsonRpcMessage> {
  let text = '';
  response.setEncoding('utf8');
  for await (const chunk of response) {
    text += String(chunk);
    let end: number;
    while ((end = text.indexOf('\n\n')) >= 0) {
      const data = text
        .slice(0, end)
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trim())
        .join('');
      text = text.slice(end + 2);
      if (data) yield JSON.parse(data) as JsonRpcMessage;
    }
  }
}

async function answer(port: number, sessionId: string, id: number, content: Record<string, unknown>) {
  const response = await post(port, { jsonrpc: '2.0', id, result: { action: 'accept', content } }, sessionId);
  response.resume();
  if (response.statusCode !== 202) throw new Error(`answer got HTTP ${response.statusCode}`);
}

/** One `ship` call on A; both answers go to `answerPort`. Returns the two rounds' times in ms. */
async function flow(aPort: number, answerPort: number, sessionId: string, id: number): Promise<number[]> {
  const call = await post(
    aPort,
    {
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'ship', arguments: { flow: `bench-${id}` } },
    },
    sessionId,
  );
  const rounds: number[] = [];
  let sent = 0;
  for await (const message of messagesOf(call)) {
    if (sent) rounds.push(performance.now() - sent);
    if (message.id === id) break;
    if (message.method !== 'elicitation/create') continue;
    const content = String(message.params?.message).startsWith('Ship') ? { ok: true } : { note: 'n' };
    sent = performance.now();
    await answer(answerPort, sessionId, message.id!, content);
  }
  call.destroy();
  return rounds;
}

async function main(): Promise<void> {
  const redisUrl = process.env.REDIS_URL;
  if (!redisUrl) throw new Error('Set REDIS_URL to a Redis this bench may write to (under its own prefix)');
  const prefix = `elicitor-bench-fleet:${process.pid}:`;
  const [a, b] = await Promise.all([startReplica(redisUrl, prefix), startReplica(redisUrl, prefix)]);
  try {
    const opened = await post(a!.port, initializeRequest(1));
    opened.resume();
    const sessionId = String(opened.headers['mcp-session-id']);
    (await post(a!.port, initializedNotification, sessionId)).resume();
    const same: number[] = [];
    const other: number[] = [];
    for (let index = 0; index < WARM_UP + FLOWS; index++) {
      const relayed = index % 2 === 1;
      const rounds = await flow(a!.port, relayed ? b!.port : a!.port, sessionId, 100 + index);
      if (index >= WARM_UP) (relayed ? other : same).push(...rounds);
    }
    const row = (name: string, values: number[]) => {
      const sorted = [...values].sort((x, y) => x - y);
      return [name, String(values.length), fixed(median(values), 2), fixed(quantile(sorted, 0.9), 2)];
    };
    console.log(
      textTable(
        ['answer POSTed to', 'rounds', 'p50 ms', 'p90 ms'],
        [row('the replica running the call', same), row('another replica (relayed by Redis)', other)],
      ),
    );
    console.log(`relay adds ${fixed(median(other) - median(same), 2)} ms at p50`);
  } finally {
    for (const replica of [a, b]) replica!.child.kill('SIGTERM');
  }
}

await main();
