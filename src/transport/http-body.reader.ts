import type { IncomingMessage } from 'node:http';
import { McpProtocolError } from '../errors/protocol.error.js';

/** Reads a JSON request body, refusing bodies over `limitBytes` and text that is not JSON. */
export function readJsonBody(request: IncomingMessage, limitBytes: number): Promise<unknown> {
  // Plain listeners: an async iterator per request is measurable on the hot path.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limitBytes) {
        request.off('data', onData);
        request.resume();
        reject(
          new McpProtocolError(-32600, `Request body is larger than ${limitBytes} bytes`, undefined, 413),
        );
        return;
      }
      chunks.push(chunk);
    };
    request.on('data', onData);
    request.once('error', reject);
    request.once('end', () => {
      if (size > limitBytes) return;
      const text = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
      try {
        resolve(JSON.parse(text) as unknown);
      } catch {
        reject(new McpProtocolError(-32700, 'Parse error: the body is not valid JSON', undefined, 400));
      }
    });
  });
}
