import { bodyTooLarge, notJson } from './http-body.reader.js';

/**
 * Reads the JSON body of a web `Request`, refusing one over `limitBytes` as soon as the declared length
 * or the bytes received pass it, without reading the rest. Throws the protocol error that answers it.
 */
export async function readWebJsonBody(request: Request, limitBytes: number): Promise<unknown> {
  if (Number(request.headers.get('content-length')) > limitBytes) throw bodyTooLarge(limitBytes);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limitBytes) {
        await reader.cancel().catch(() => undefined);
        throw bodyTooLarge(limitBytes);
      }
      chunks.push(value);
    }
  }
  try {
    return JSON.parse(Buffer.concat(chunks, size).toString('utf8'));
  } catch {
    throw notJson();
  }
}
