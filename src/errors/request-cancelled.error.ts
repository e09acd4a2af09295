import { UserError } from './user.error.js';

/**
 * A push-model request to the client (legacy elicitation, sampling, roots) was abandoned because its
 * call ended first: the client cancelled the call or went away. Nobody reads the call's result then,
 * so this only unwinds the handler (and is not logged as a failure).
 */
export class RequestCancelledError extends UserError {
  constructor(
    readonly method: string,
    readonly reason: string,
  ) {
    super(`${method} was abandoned: ${reason}`);
  }
}
