import { ElicitorError } from './elicitor.error.js';

/** A `memo` or `once` value that cannot be carried between rounds as JSON. */
export class ReplayValueError extends ElicitorError {
  constructor(message: string) {
    super('REPLAY_VALUE_UNSUPPORTED', message);
  }
}
