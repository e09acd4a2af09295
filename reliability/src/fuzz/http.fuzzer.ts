import { Agent, request as httpRequest } from 'node:http';
import type { HostileCase } from './hostile-case.factory.js';
import { isJsonRpcEventStream, isJsonRpcText } from './json-rpc.reply.js';
import { FuzzTally } from './fuzz.tally.js';

export interface HttpFuzzOptions {
  url: string;
  count: number;
  concurrency: number;
  timeoutMs: number;
  nextCase: () => HostileCase;
}

interface Reply {
  status: number;
  contentType: string;
  text: string;
}

/**
 * Sends `count` hostile requests, `concurrency` at a time, and checks each reply: never a 5xx, a JSON-RPC
 * body on every POST that is not a 202, and an answer within `timeoutMs`.
 */
export async function fuzzHttp(options: HttpFuzzOptions): Promise<FuzzTally> {
  const tally = new FuzzTally();
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  let issued = 0;
  const worker = async () => {
    while (issued < options.count) {
      issued++;
      const hostile = options.nextCase();
      const outcome = await send(options.url, hostile, agent, options.timeoutMs);
      if (outcome === 'timeout') {
        tally.count(hostile.category, 'timeout');
        tally.problem('hangs', `${hostile.category} ${hostile.method} ${preview(hostile.body)}`);
      } else if (outcome instanceof Error) {
        tally.count(hostile.category, 'dropped');
        tally.problem('dropped', `${hostile.category}: ${outcome.message} ${preview(hostile.body)}`);
      } else {
        tally.count(hostile.category, String(outcome.status));
        judge(hostile, outcome, tally);
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  agent.destroy();
  return tally;
}

function judge(hostile: HostileCase, reply: Reply, tally: FuzzTally): void {
  const what = `${hostile.category} ${hostile.method} -> ${reply.status} ${reply.text.slice(0, 120)} for ${preview(hostile.body)}`;
  if (reply.status >= 500) tally.problem('fiveXx', what);
  if (hostile.method !== 'POST' || reply.status === 202) return;
  const isStream = reply.contentType.includes('text/event-stream');
  if (!(isStream ? isJsonRpcEventStream(reply.text) : isJsonRpcText(reply.text)))
    tally.problem('notJsonRpc', what);
}

function send(
  url: string,
  hostile: HostileCase,
  agent: Agent,
  timeoutMs: number,
): Promise<Reply | Error | 'timeout'> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (value: Reply | Error | 'timeout') => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(value);
    };
    const body = hostile.body === undefined ? undefined : Buffer.from(hostile.body);
    const headers = { ...hostile.headers, ...(body ? { 'content-length': String(body.length) } : {}) };
    const outgoing = httpRequest(url, { method: hostile.method, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        settle({
          status: response.statusCode ?? 0,
          contentType: String(response.headers['content-type'] ?? ''),
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      response.on('error', (error) => settle(error));
    });
    const timer = setTimeout(() => {
      settle('timeout');
      outgoing.destroy();
    }, timeoutMs);
    outgoing.on('error', (error) => settle(error));
    outgoing.end(body);
  });
}

export function preview(body: string | Buffer | undefined): string {
  if (body === undefined) return '(no body)';
  const text = typeof body === 'string' ? body : body.toString('latin1');
  return text.length > 100 ? `${text.slice(0, 100)}... (${text.length} chars)` : text;
}
