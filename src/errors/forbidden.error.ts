import { ElicitorError } from './elicitor.error.js';

/**
 * A guard refused the call. A `tools/call` ends with an error result showing this message; a prompt or a
 * resource read, which have no error result, get a JSON-RPC invalid-request error carrying it.
 */
export class ForbiddenError extends ElicitorError {
  constructor(
    message: string,
    /** The scopes the caller lacks, when the refusal is about scopes. */
    readonly missingScopes: readonly string[] = [],
  ) {
    super('FORBIDDEN', message);
  }
}
