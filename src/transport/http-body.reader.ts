import type { IncomingMessage } from 'node:http';
import { McpProtocolError } from '../errors/protocol.error.js';

/** Reads a JSON request body, refusing bodies over `limitBytes` and text that is not JSON. */
export async function readJsonBody(request: IncomingMessage, limitBytes: number): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limitBytes) {
      throw new McpProtocolError(-32600, `Request body is larger than ${limitBytes} bytes`, undefined, 413);
    }
    chunks.push(chunk as Buffer);
  }
  const text = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new McpProtocolError(-32700, 'Parse error: the body is not valid JSON', undefined, 400);
  }
}
