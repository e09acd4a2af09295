import { Agent, request } from 'node:http';
import { DEFAULT_TEST_CAPABILITIES, withModernMeta } from 'elicitor/testing';

export type Body = Record<string, unknown>;

export interface Reply {
  status: number;
  body: Body;
  /** The `Retry-After` header, in seconds, when the server sent one. */
  retryAfter?: number;
}

let nextId = 1;

// A pool like a load balancer's: many calls in flight share a bounded number of connections.
const pool = new Agent({ keepAlive: true, maxSockets: 64 });

/** One modern `tools/call` over HTTP; `signal` lets the client walk away mid-request. */
export function callTool(
  url: string,
  name: string,
  params: Body,
  options: { signal?: AbortSignal; user?: string; agent?: Agent } = {},
): Promise<Reply> {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: nextId++,
    method: 'tools/call',
    params: withModernMeta({ name, ...params }, DEFAULT_TEST_CAPABILITIES),
  });
  const headers: Record<string, string | number> = {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': 'tools/call',
    'mcp-name': name,
  };
  if (options.user) headers.authorization = `Bearer ${options.user}`;
  return new Promise<Reply>((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        agent: options.agent ?? pool,
        headers,
        ...(options.signal ? { signal: options.signal } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          const json = response.headers['content-type']?.includes('text/event-stream')
            ? text
                .split('\n')
                .filter((line) => line.startsWith('data: '))
                .map((line) => line.slice(6))
                .pop()
            : text;
          const status = response.statusCode ?? 0;
          const retryAfter = response.headers['retry-after'];
          const extra = retryAfter === undefined ? {} : { retryAfter: Number(retryAfter) };
          try {
            resolve({ status, body: JSON.parse(json || '{}') as Body, ...extra });
          } catch {
            resolve({ status, body: { unparsed: text }, ...extra });
          }
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

export const stateOf = (reply: Reply): string => (reply.body.result as { requestState: string }).requestState;

export const textOf = (reply: Reply): string =>
  ((reply.body.result as { content?: Array<{ text?: string }> } | undefined)?.content ?? [])
    .map((block) => block.text ?? '')
    .join('');

export const errorOf = (reply: Reply): { code: number; message: string; data?: unknown } | undefined =>
  reply.body.error as { code: number; message: string; data?: unknown } | undefined;

export const accept = (content: Body): Body => ({ action: 'accept', content });
