import { InvalidParamsError } from './invalid-params.error.js';

/** What a client is told when the store no longer holds the records its requestState relies on. */
export const OUTCOME_UNKNOWN_MESSAGE =
  'The server lost the record of this call (its state store was emptied or replaced); its outcome is unknown. Check whether it took effect, then start it again.';

/**
 * A round whose requestState was issued under an earlier store generation: the store has forgotten the
 * records of that time (restarted empty, flushed, failed over to a replica that lagged), so a record found
 * absent proves nothing. The round is refused before any `once` effect, commit or final result runs.
 * JSON-RPC -32602 with `data.reason` `outcome_unknown`; the call cannot be resumed, only started again.
 */
export class OutcomeUnknownError extends InvalidParamsError {
  static readonly REASON = 'outcome_unknown';

  constructor(
    /** The generation the requestState was issued under. */
    readonly issuedGeneration: string,
    /** The store's generation now; empty when the store holds none. */
    readonly liveGeneration: string,
  ) {
    super(OUTCOME_UNKNOWN_MESSAGE, { reason: OutcomeUnknownError.REASON });
  }
}
