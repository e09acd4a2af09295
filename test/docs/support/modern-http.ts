import { request as httpRequest } from 'node:http';

import { withModernMeta } from 'elicitor/testing';

export type Body = Record<string, unknown>;

/** One raw 2026-07-28 `tools/call` request, with optional extra headers (e.g. Authorization). */
export function toolCallRequest(url: string, params: Body, headers: Record<string, string> = {}): Request {
  return new Request(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': String(params.name),
      ...headers,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: withModernMeta(params, { elicitation: {} }),
    }),
  });
}

/** {@link toolCallRequest} sent over the network. */
export async function postToolCall(
  url: string,
  params: Body,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Body }> {
  const response = await fetch(toolCallRequest(url, params, headers));
  return { status: response.status, body: (await response.json()) as Body };
}

/** A POST with a chosen Host header (fetch cannot set it), for the DNS-rebinding check. */
export function postWithHost(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: 'POST', headers: { host, 'content-type': 'application/json' } },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', reject);
    request.end('{}');
  });
}
