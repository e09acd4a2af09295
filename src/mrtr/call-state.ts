/** The kinds of input a round can ask for. */
export type InputKind = 'elicit' | 'sample' | 'roots';

/** A question asked in the last round: its kind and the digest of exactly what was asked. */
export interface AskedQuestion {
  kind: InputKind;
  digest: string;
}

/** An answer the handler already consumed, pinned to the digest of the question it answers. */
export interface SettledAnswer {
  digest: string;
  response: unknown;
}

/** Everything a call carries from one round to the next, sealed into `requestState`. */
export interface CallState {
  /** Random id of the whole call (all rounds); keys the `once` records and the final result in the store. */
  cid: string;
  round: number;
  asked: Record<string, AskedQuestion>;
  answers: Record<string, SettledAnswer>;
  memo: Record<string, unknown>;
  once: Record<string, unknown>;
}
