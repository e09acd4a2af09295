import { InvalidRequestStateError } from '../errors/invalid-request-state.error.js';

export const BASE64URL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The codec's refusal of what `open` tried; fails the test when the state opened or something else threw. */
export function rejectionOf(open: () => unknown): InvalidRequestStateError {
  try {
    open();
  } catch (error) {
    if (error instanceof InvalidRequestStateError) return error;
    throw error;
  }
  throw new Error('expected the state to be rejected, but it opened');
}

export const reasonOf = (open: () => unknown) => rejectionOf(open).reason;
