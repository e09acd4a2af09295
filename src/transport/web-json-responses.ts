/** A JSON body with its status, as a web `Response`. */
export function jsonResponse(status: number, text: string): Response {
  return new Response(text, { status, headers: { 'content-type': 'application/json' } });
}

export function jsonRpcErrorResponse(
  status: number,
  code: number,
  message: string,
  id: string | number | null = null,
): Response {
  return jsonResponse(status, JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } }));
}
