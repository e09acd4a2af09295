import { spawn } from 'node:child_process';
import type { FuzzLeg, HostileCase } from './hostile-case.factory.js';
import { isJsonRpcText } from './json-rpc.reply.js';
import { FuzzTally } from './fuzz.tally.js';

export interface StdioFuzzOptions {
  /** The compiled stdio server (it serves stdin/stdout until stdin ends). */
  script: string;
  leg: FuzzLeg;
  count: number;
  timeoutMs: number;
  nextCase: () => HostileCase;
}

export interface StdioFuzzResult {
  tally: FuzzTally;
  crashed: boolean;
  answeredAfterwards: boolean;
  exitCode: number | null;
}

const PROBE_EVERY = 50;

/**
 * Writes `count` hostile lines to a spawned stdio server, with a good request every 50 lines whose answer
 * must come within `timeoutMs`. Every stdout line must be JSON-RPC, every request with an id of ours must
 * be answered, and the process must still answer a good request at the end.
 */
export async function fuzzStdio(options: StdioFuzzOptions): Promise<StdioFuzzResult> {
  const tally = new FuzzTally();
  const child = spawn(process.execPath, [options.script, '--stdio'], { stdio: ['pipe', 'pipe', 'ignore'] });
  let crashed = false;
  let closing = false;
  child.on('exit', () => {
    if (!closing) crashed = true;
  });
  child.stdin.on('error', () => {});
  const due = new Set<string>();
  const waiters = new Map<string, () => void>();
  let buffered = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    buffered += chunk;
    let newline: number;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      if (!isJsonRpcText(line)) {
        tally.problem('notJsonRpc', line);
        continue;
      }
      for (const id of idsOf(line)) {
        due.delete(id);
        waiters.get(id)?.();
        waiters.delete(id);
      }
    }
  });
  const write = (line: string | Buffer) =>
    new Promise<void>((resolve) => {
      const bytes = typeof line === 'string' ? Buffer.from(line) : line;
      const flat = Buffer.from(bytes.map((byte) => (byte === 0x0a ? 0x20 : byte)));
      if (child.stdin.write(Buffer.concat([flat, Buffer.from('\n')]))) resolve();
      else child.stdin.once('drain', resolve);
    });
  const answered = (id: string, request: unknown) =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), options.timeoutMs);
      waiters.set(id, () => {
        clearTimeout(timer);
        resolve(true);
      });
      void write(JSON.stringify(request));
    });

  const opening = options.leg === 'legacy' ? initialize() : goodCall('open');
  if (!(await answered(String(opening.id), opening))) tally.problem('hangs', 'the opening request');
  if (options.leg === 'legacy')
    await write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));

  for (let index = 0; index < options.count && !crashed; index++) {
    const hostile = options.nextCase();
    if (hostile.body === undefined) {
      index--;
      continue;
    }
    tally.count(hostile.category, 'sent');
    const id = dueId(hostile.body);
    if (id !== undefined) due.add(id);
    await write(hostile.body);
    if (index % PROBE_EVERY === PROBE_EVERY - 1) {
      const probe = goodCall(`probe-${index}`, options.leg);
      if (!(await answered(String(probe.id), probe))) tally.problem('hangs', `probe after line ${index}`);
    }
  }
  const last = goodCall('last', options.leg);
  const answeredAfterwards = !crashed && (await answered(String(last.id), last));
  for (const id of due) tally.problem('hangs', `no reply to request ${id}`);
  closing = true;
  child.stdin.end();
  const exitCode = await new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
  return { tally, crashed, answeredAfterwards, exitCode };
}

function initialize() {
  return {
    jsonrpc: '2.0',
    id: 'init',
    method: 'initialize',
    params: {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'fuzz', version: '1.0.0' },
    },
  };
}

function goodCall(id: string, leg: FuzzLeg = 'modern') {
  const params: Record<string, unknown> = { name: 'echo', arguments: { text: 'alive' } };
  if (leg === 'modern') {
    params._meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    };
  }
  return { jsonrpc: '2.0', id, method: 'tools/call', params };
}

/** Our id when the line is a single, well-formed request that must be answered. */
function dueId(body: string | Buffer): string | undefined {
  try {
    const message = JSON.parse(typeof body === 'string' ? body : body.toString('utf8')) as Record<
      string,
      unknown
    >;
    const ours = typeof message.id === 'string' && message.id.startsWith('fz-');
    return message.jsonrpc === '2.0' && typeof message.method === 'string' && ours
      ? (message.id as string)
      : undefined;
  } catch {
    return undefined;
  }
}

function idsOf(line: string): string[] {
  const parsed = JSON.parse(line) as unknown;
  return (Array.isArray(parsed) ? parsed : [parsed])
    .map((message) => (message as { id?: unknown }).id)
    .filter((id): id is string => typeof id === 'string');
}
