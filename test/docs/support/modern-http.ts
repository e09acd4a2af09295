import { request as httpRequest } from 'node:http';

import { withModernMeta } from 'elicitor/testing';

export type Body = Record<string, unknown>;

/** One raw 2026-07-28 request: the headers naming its method and target, the client's capabilities in `_meta`. */
export function modernRequest(
  url: string,
  request: { id: number; method: string; name: string; params: Body; capabilities: Body },
  headers: Record<string, string> = {},
): Request {
  return new Request(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': request.method,
      'mcp-name': request.name,
      ...headers,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: request.id,
      method: request.method,
      params: withModernMeta(request.params, request.capabilities),
    }),
  });
}

/** One raw 2026-07-28 `tools/call` request, with optional extra headers (e.g. Authorization). */
export function toolCallRequest(url: string, params: Body, headers: Record<string, string> = {}): Request {
  const call = {
    id: 1,
    method: 'tools/call',
    name: String(params.name),
    params,
    capabilities: { elicitation: {} },
  };
  return modernRequest(url, call, headers);
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
