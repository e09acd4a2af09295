import type { IncomingMessage } from 'node:http';
import { JsonRpcErrorCode } from '../errors/json-rpc-error-codes.js';
import { McpProtocolError } from '../errors/protocol.error.js';

/** Receives a parsed body, or the protocol error that answers the request instead. */
export type JsonBodyCallback = (failure: McpProtocolError | undefined, body?: unknown) => void;

/**
 * Reads a JSON request body, refusing bodies over `limitBytes` and text that is not JSON. Calls `done`
 * exactly once, from the stream event that settles the body (no promise in between). Holds at most
 * `limitBytes` of it: the chunk that crosses the limit is refused, and the rest is drained unread.
 */
export function readJsonBody(request: IncomingMessage, limitBytes: number, done: JsonBodyCallback): void {
  let first: Buffer | undefined;
  let rest: Buffer[] | undefined;
  let size = 0;
  let finished = false;
  // No listener is removed on the way out: after `end` the stream emits nothing more, and a refused body is
  // drained with `finished` set, so the listeners only return.
  const finish = (failure: McpProtocolError | undefined, body?: unknown) => {
    if (finished) return;
    finished = true;
    done(failure, body);
  };
  const onData = (chunk: Buffer) => {
    if (finished) return;
    size += chunk.length;
    if (size > limitBytes) {
      request.resume();
      finish(bodyTooLarge(limitBytes));
      return;
    }
    if (first === undefined) first = chunk;
    else (rest ??= [first]).push(chunk);
  };
  request.on('data', onData);
  request.on('error', () =>
    finish(
      new McpProtocolError(JsonRpcErrorCode.ParseError, 'The request body could not be read', undefined, 400),
    ),
  );
  request.on('end', () => {
    if (finished) return;
    const bytes = rest ? Buffer.concat(rest) : first;
    let body: unknown;
    try {
      body = JSON.parse(bytes === undefined ? '' : bytes.toString('utf8'));
    } catch {
      finish(notJson());
      return;
    }
    finish(undefined, body);
  });
}

/** The answer to a body over the limit, however it arrived. */
export function bodyTooLarge(limitBytes: number): McpProtocolError {
  return new McpProtocolError(
    JsonRpcErrorCode.InvalidRequest,
    `Request body is larger than ${limitBytes} bytes`,
    undefined,
    413,
  );
}

export function notJson(): McpProtocolError {
  return new McpProtocolError(
    JsonRpcErrorCode.ParseError,
    'Parse error: the body is not valid JSON',
    undefined,
    400,
  );
}
