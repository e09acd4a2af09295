import { UserError } from './user.error.js';

/** A push-model request to the client (legacy elicitation, sampling, roots) got no answer in time. */
export class RequestTimeoutError extends UserError {
  constructor(
    readonly method: string,
    readonly timeoutMs: number,
  ) {
    super(`The client did not answer ${method} within ${timeoutMs} ms`);
  }
}
