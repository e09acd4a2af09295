import { McpProtocolError } from './protocol.error.js';
import { JsonRpcErrorCode } from './json-rpc-error-codes.js';

/** A principal already holds as many live tasks as the server allows; it may create more as they expire. */
export class TaskLimitError extends McpProtocolError {
  constructor(readonly limit: number) {
    super(
      JsonRpcErrorCode.InvalidRequest,
      `Too many tasks: a principal may hold ${limit} live tasks; wait for some to expire`,
      { reason: 'task_limit', limit },
    );
  }
}
