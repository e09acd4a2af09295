// One cold start: spawn a server, open it on one era, and time until its first `tools/list` answer arrives.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import type { Era, JsonRpcMessage } from './json-rpc.exchange.js';
import {
  initializeRequest,
  initializedNotification,
  postMessage,
  replyIn,
  toolsListRequest,
} from './json-rpc.exchange.js';

export type Transport = 'stdio' | 'http';

export interface ColdContender {
  name: string;
  /** The server's entry file, run as `node <script> [--stdio]`. */
  script: string;
  /** Extra `node` flags before the script, e.g. a start mode. */
  nodeArgs?: string[];
  env?: Record<string, string>;
}

export interface ColdStartRun {
  server: string;
  transport: Transport;
  era: Era;
  /** Spawn → the `tools/list` answer in the client, in milliseconds. */
  ms: number;
  /** VmHWM of the server process right after the answer. */
  peakRssBytes: number;
  tools: number;
}

const TIMEOUT_MS = 20_000;

function peakRss(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : NaN;
}

function toolCount(reply: JsonRpcMessage | undefined, label: string): number {
  const tools = (reply?.result as { tools?: unknown[] } | undefined)?.tools;
  if (!Array.isArray(tools)) throw new Error(`${label}: no tools/list result: ${JSON.stringify(reply)}`);
  return tools.length;
}

async function overStdio(child: ChildProcess, era: Era, label: string): Promise<number> {
  const replies = new Map<number, (message: JsonRpcMessage) => void>();
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const message = JSON.parse(line) as JsonRpcMessage;
    if (message.id !== undefined) replies.get(message.id)?.(message);
  });
  const ask = (message: JsonRpcMessage) =>
    new Promise<JsonRpcMessage>((resolve) => {
      replies.set(message.id!, resolve);
      child.stdin!.write(`${JSON.stringify(message)}\n`);
    });
  if (era === 'legacy') {
    await ask(initializeRequest(1));
    child.stdin!.write(`${JSON.stringify(initializedNotification)}\n`);
  }
  return toolCount(await ask(toolsListRequest(2, era)), label);
}

function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve) => {
    createInterface({ input: child.stderr! }).on('line', (line) => {
      const match = /listening on (http:\/\/\S+)/.exec(line);
      if (match) resolve(match[1]);
    });
  });
}

async function overHttp(child: ChildProcess, era: Era, label: string): Promise<number> {
  const url = await listeningUrl(child);
  let sessionId: string | undefined;
  if (era === 'legacy') {
    const opened = await postMessage(url, initializeRequest(1), era);
    if (!replyIn(opened.body, 1))
      throw new Error(`${label}: initialize failed (${opened.status}): ${opened.body}`);
    sessionId = opened.sessionId;
    await postMessage(url, initializedNotification, era, sessionId);
  }
  const listed = await postMessage(url, toolsListRequest(2, era), era, sessionId);
  return toolCount(replyIn(listed.body, 2), label);
}

/** Spawns `contender` fresh, times spawn → first `tools/list` answer, reads its peak RSS, and stops it. */
export async function probeColdStart(
  contender: ColdContender,
  transport: Transport,
  era: Era,
): Promise<ColdStartRun> {
  const label = `${contender.name} ${transport} ${era}`;
  const args = [
    ...(contender.nodeArgs ?? []),
    contender.script,
    ...(transport === 'stdio' ? ['--stdio'] : []),
  ];
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, PORT: '0', ...contender.env },
  });
  // The last stderr lines, for the error when the server dies before answering.
  let stderrTail = '';
  child.stderr!.on(
    'data',
    (chunk: Buffer) => (stderrTail = (stderrTail + chunk.toString('utf8')).slice(-2_000)),
  );
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`${label}: exited early with ${code}\n${stderrTail}`))),
  );
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${label}: no tools/list answer in ${TIMEOUT_MS} ms`)),
      TIMEOUT_MS,
    );
  });
  try {
    const exchange = transport === 'stdio' ? overStdio(child, era, label) : overHttp(child, era, label);
    const tools = await Promise.race([exchange, exited, timeout]);
    const ms = performance.now() - started;
    return { server: contender.name, transport, era, ms, peakRssBytes: peakRss(child.pid!), tools };
  } finally {
    clearTimeout(timer);
    exited.catch(() => undefined);
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await gone;
    }
  }
}
