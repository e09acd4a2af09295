import { InvalidParamsError } from './invalid-params.error.js';

/** The one message every bad requestState gets; the real reason only goes to the server log. */
export const INVALID_REQUEST_STATE_MESSAGE = 'Invalid or expired requestState';

export class InvalidRequestStateError extends InvalidParamsError {
  constructor(readonly reason: string) {
    super(INVALID_REQUEST_STATE_MESSAGE, { reason: 'invalid_request_state' });
  }
}
