import { ElicitorError } from './elicitor.error.js';

/** A tool's return value that JSON cannot carry faithfully; its message names the tool and the path. */
export class ResultValueError extends ElicitorError {
  constructor(message: string) {
    super('RESULT_VALUE_UNSUPPORTED', message);
  }
}
