import { ElicitorError } from './elicitor.error.js';

/** Thrown by a handler to end the call with `isError: true` and this message shown to the user. */
export class UserError extends ElicitorError {
  constructor(message: string) {
    super('USER_ERROR', message);
  }
}
