import type { QuestionParts } from './question-parts.js';

/** The kinds of input a round can ask for. */
export type InputKind = 'elicit' | 'sample' | 'roots';

/** A question asked in the last round: its kind and the digest of exactly what was asked. */
export type AskedQuestion = [kind: InputKind, digest: string];

/** An answer the handler already consumed, pinned to the digest of the question it answers. */
export type SettledAnswer = [digest: string, response: unknown];

/**
 * Everything a call carries from one round to the next, sealed into `requestState`. One-letter fields and
 * tuples keep the token small and its JSON cheap to write and read; empty parts are left out.
 */
export interface CallState {
  /** Call id: random, the same in all rounds; keys the `once` records and the final result in the store. */
  c: string;
  /** Rounds run so far. */
  r: number;
  /** Questions asked in the last round, by key. */
  q?: Record<string, AskedQuestion>;
  /** Settled answers, by key. */
  a?: Record<string, SettledAnswer>;
  /** `memo` values, by key. */
  m?: Record<string, unknown>;
  /** Results of `once` effects, by key. */
  o?: Record<string, unknown>;
  /** Keys whose question changed once after the client answered it, with the parts of the question then. */
  x?: Record<string, QuestionParts>;
  /**
   * The store generation the call started under. A round whose generation the store no longer has is
   * refused: the records of the call's earlier rounds may be gone.
   */
  g?: string;
}
