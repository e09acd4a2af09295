import type { IncomingMessage } from 'node:http';
import { JsonRpcErrorCode } from '../../errors/json-rpc-error-codes.js';
import { McpProtocolError } from '../../errors/protocol.error.js';

/** Receives a parsed body, or the protocol error that answers the request instead. */
export type JsonBodyCallback = (failure: McpProtocolError | undefined, body?: unknown) => void;

/** One body being read: kept on the request, so the stream's listeners are shared functions, not closures. */
class PendingBody {
  first: Buffer | undefined = undefined;
  rest: Buffer[] | undefined = undefined;
  size = 0;
  finished = false;

  constructor(
    readonly limitBytes: number,
    private readonly done: JsonBodyCallback,
  ) {}

  finish(failure: McpProtocolError | undefined, body?: unknown): void {
    if (this.finished) return;
    this.finished = true;
    this.done(failure, body);
  }
}

const PENDING_BODY = Symbol('elicitor.pendingBody');
type ReadingRequest = IncomingMessage & { [PENDING_BODY]?: PendingBody };

/**
 * Reads a JSON request body, refusing bodies over `limitBytes` and text that is not JSON. Calls `done`
 * exactly once, from the stream event that settles the body (no promise in between). Holds at most
 * `limitBytes` of it: the chunk that crosses the limit is refused, and the rest is drained unread.
 */
export function readJsonBody(request: IncomingMessage, limitBytes: number, done: JsonBodyCallback): void {
  (request as ReadingRequest)[PENDING_BODY] = new PendingBody(limitBytes, done);
  // No listener is removed on the way out: after `end` the stream emits nothing more, and a refused body is
  // drained with `finished` set, so the listeners only return.
  request.on('data', onBodyData);
  request.on('error', onBodyError);
  request.on('end', onBodyEnd);
}

// Stream listeners are called with the stream as `this`.
function onBodyData(this: ReadingRequest, chunk: Buffer): void {
  const pending = this[PENDING_BODY]!;
  if (pending.finished) return;
  pending.size += chunk.length;
  if (pending.size > pending.limitBytes) {
    this.resume();
    pending.finish(bodyTooLarge(pending.limitBytes));
    return;
  }
  if (pending.first === undefined) pending.first = chunk;
  else (pending.rest ??= [pending.first]).push(chunk);
}

function onBodyError(this: ReadingRequest): void {
  this[PENDING_BODY]!.finish(
    new McpProtocolError(JsonRpcErrorCode.ParseError, 'The request body could not be read', undefined, 400),
  );
}

function onBodyEnd(this: ReadingRequest): void {
  const pending = this[PENDING_BODY]!;
  if (pending.finished) return;
  const bytes = pending.rest ? Buffer.concat(pending.rest) : pending.first;
  // Dropped here, so the request does not keep its body's bytes for as long as the call runs.
  pending.first = pending.rest = undefined;
  let body: unknown;
  try {
    body = JSON.parse(bytes === undefined ? '' : bytes.toString('utf8'));
  } catch {
    pending.finish(notJson());
    return;
  }
  pending.finish(undefined, body);
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
