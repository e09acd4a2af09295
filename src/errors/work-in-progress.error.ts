import { InvalidParamsError } from './invalid-params.error.js';

/**
 * JSON-RPC -32602: the round or `once` effect this request would run holds a live lease elsewhere. A client
 * retries later; a task's worker retries the run once the lease has been given up or has expired.
 */
export class WorkInProgressError extends InvalidParamsError {}
