import type { FuzzLeg, HostileCase } from './hostile-case.factory.js';
import { FuzzTally } from './fuzz.tally.js';
import { StdioChild } from './stdio-child.js';
import type { StdioReply } from './stdio-child.js';
import { legacyInitializeRequest } from '../support/legacy-initialize-request.js';

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
 * be answered, every line that is not JSON gets a -32700 and every JSON value that is no object a -32600
 * (both with a null id), and the process must still answer a good request at the end.
 */
export async function fuzzStdio(options: StdioFuzzOptions): Promise<StdioFuzzResult> {
  const tally = new FuzzTally();
  const due = new Set<string>();
  const nullReplies = new Map<string, number>();
  const expected = new Map<string, number>();
  const child = StdioChild.spawn(
    options.script,
    (reply) => {
      tally.reply(reply.outcome);
      if (typeof reply.id === 'string') due.delete(reply.id);
      if (reply.id === null) countIn(nullReplies, reply.outcome);
    },
    (line) => tally.problem('notJsonRpc', line),
  );

  const opening = options.leg === 'legacy' ? initialize('init') : goodCall('open');
  if (!(await child.ask(opening, options.timeoutMs))) tally.problem('hangs', 'the opening request');
  if (options.leg === 'legacy')
    await child.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));

  for (let index = 0; index < options.count && !child.crashed; index++) {
    const hostile = options.nextCase();
    if (hostile.body === undefined) {
      index--;
      continue;
    }
    tally.count(hostile.category, 'sent');
    const line = StdioChild.asOneLine(hostile.body).toString('utf8');
    const id = dueId(line);
    if (id !== undefined) due.add(id);
    const reply = nullIdReplyDue(line);
    if (reply !== undefined) countIn(expected, reply);
    await child.write(hostile.body);
    if (index % PROBE_EVERY === PROBE_EVERY - 1) {
      const probe = goodCall(`probe-${index}`, options.leg);
      if (!(await child.ask(probe, options.timeoutMs))) tally.problem('hangs', `probe after line ${index}`);
    }
  }
  const last = goodCall('last', options.leg);
  const answeredAfterwards = !child.crashed && (await child.ask(last, options.timeoutMs)) !== undefined;
  for (const id of due) tally.problem('hangs', `no reply to request ${id}`);
  // Other lines may also get null-id refusals (a request with an unusable id), never fewer than these.
  for (const [code, count] of expected) {
    const got = nullReplies.get(code) ?? 0;
    if (got < count) tally.problem('unanswered', `${count} lines due a ${code} with a null id, ${got} came`);
  }
  const crashed = child.crashed;
  const exitCode = await child.end();
  return { tally, crashed, answeredAfterwards, exitCode };
}

export interface FirstLineFuzzResult {
  tally: FuzzTally;
  /** Connections whose process died, or did not exit with code 0 when its stdin ended. */
  crashes: number;
}

/**
 * One connection per hostile first line, the line that picks the era: it must be refused with a null-id
 * error, pick no era, and leave the connection serving its real opening (alternately a 2026-07-28 call
 * and a 2025-11-25 `initialize`) with a result.
 */
export async function fuzzFirstLines(
  script: string,
  lines: readonly string[],
  timeoutMs: number,
): Promise<FirstLineFuzzResult> {
  const tally = new FuzzTally();
  let crashes = 0;
  for (const [index, line] of lines.entries()) {
    const refusals: StdioReply[] = [];
    const child = StdioChild.spawn(
      script,
      (reply) => {
        tally.reply(reply.outcome);
        if (reply.id === null) refusals.push(reply);
      },
      (text) => tally.problem('notJsonRpc', text),
    );
    tally.count('first-line', 'sent');
    await child.write(line);
    const opening = index % 2 === 0 ? goodCall(`open-${index}`) : initialize(`init-${index}`);
    const reply = await child.ask(opening, timeoutMs);
    if (!reply) tally.problem('hangs', `the opening after ${line}`);
    else if (reply.outcome !== 'result')
      tally.problem('dropped', `the opening after ${line} got ${reply.outcome}`);
    // Before the era is picked, an object that is no request or notification is refused too.
    const wanted = nullIdReplyDue(line) ?? '-32600';
    if (!refusals.some((refusal) => refusal.outcome === wanted))
      tally.problem('unanswered', `${line} got no ${wanted} with a null id`);
    const crashed = child.crashed;
    if ((await child.end()) !== 0 || crashed) crashes++;
  }
  return { tally, crashes };
}

function countIn(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

/** The code a line must be refused with under a null id: -32700 when it is no JSON, -32600 when no object. */
function nullIdReplyDue(line: string): string | undefined {
  // The server skips blank lines (as `trim` sees them), and answers nothing else in silence.
  if (!line.trim()) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return '-32700';
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? undefined : '-32600';
}

function initialize(id: string) {
  return legacyInitializeRequest(id, 'fuzz');
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
function dueId(line: string): string | undefined {
  try {
    const message = JSON.parse(line) as Record<string, unknown> | null;
    const ours = typeof message?.id === 'string' && message.id.startsWith('fz-');
    return message?.jsonrpc === '2.0' && typeof message.method === 'string' && ours
      ? (message.id as string)
      : undefined;
  } catch {
    return undefined;
  }
}
