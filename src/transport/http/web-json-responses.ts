/** A JSON body with its status, as a web `Response`. */
export function jsonResponse(status: number, text: string, retryAfterSeconds?: number): Response {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (retryAfterSeconds !== undefined) headers['retry-after'] = String(retryAfterSeconds);
  return new Response(text, { status, headers });
}

export function jsonRpcErrorResponse(
  status: number,
  code: number,
  message: string,
  id: string | number | null = null,
): Response {
  return jsonResponse(status, JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } }));
}
