import type { ServerResponse } from 'node:http';

/** Writes one JSON body with its status; the common path for modern replies and transport errors. */
export function writeJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  retryAfterSeconds?: number,
): void {
  writeJsonText(response, status, JSON.stringify(body), retryAfterSeconds);
}

/** Writes a body that is already JSON text. */
export function writeJsonText(
  response: ServerResponse,
  status: number,
  text: string,
  retryAfterSeconds?: number,
): void {
  const headers: Record<string, string | number> = {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  };
  if (retryAfterSeconds !== undefined) headers['retry-after'] = retryAfterSeconds;
  response.writeHead(status, headers);
  response.end(text);
}

export function writeJsonRpcError(
  response: ServerResponse,
  status: number,
  code: number,
  message: string,
  id: string | number | null = null,
): void {
  writeJson(response, status, { jsonrpc: '2.0', id, error: { code, message } });
}
