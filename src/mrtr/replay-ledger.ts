import type { AskedQuestion, CallState, InputKind, SettledAnswer } from './call-state.js';
import type { QuestionParts } from './question-parts.js';
import { randomId } from '../shared/random-pool.js';

/** A question recorded in this round, sent in the next `input_required` result. */
export interface PendingQuestion {
  kind: InputKind;
  digest: string;
  request: { method: string; params?: Record<string, unknown> };
  /** A form question's own app (`withApp`), shown when the question is asked through an app. */
  app?: string;
}

const NOTHING: Readonly<Record<string, never>> = Object.freeze({});

/**
 * One round's view of a call: what earlier rounds settled, the answers that just arrived (only for keys
 * asked in the previous round), and the questions this round adds. The opened state belongs to this
 * round alone, so its records are updated in place; the containers a round does not use are never made.
 */
export class ReplayLedger {
  private callId: string | undefined;
  readonly round: number;
  readonly resumed: boolean;
  private pendingQuestions: Map<string, PendingQuestion> | undefined;
  private readonly asked: Readonly<Record<string, AskedQuestion>>;
  private answers: Record<string, SettledAnswer> | undefined;
  private memoValues: Record<string, unknown> | undefined;
  private onceValues: Record<string, unknown> | undefined;
  private changedQuestions: Record<string, QuestionParts> | undefined;
  private readonly incoming: Readonly<Record<string, unknown>>;
  private inFlight: Set<Promise<unknown>> | undefined;
  /**
   * The store generation the call started under: from the opened state, or, in a first round, the one
   * read before the handler ran (so every record it wrote is from that generation or a later one).
   */
  generation: string | undefined;
  /** The handler called `ctx.continueAsTask()` in this round: the call becomes a task once nothing is asked. */
  continuesAsTask = false;

  /**
   * @param issuedAt when the opened requestState was issued; a store that dropped a record of the call
   *   after it vouches for no absence of that record (see `assertRecordsKept`).
   */
  constructor(
    state: CallState | undefined,
    incoming: Readonly<Record<string, unknown>>,
    readonly issuedAt?: number,
  ) {
    this.resumed = state !== undefined;
    this.callId = state?.c;
    this.round = (state?.r ?? 0) + 1;
    this.asked = state?.q ?? NOTHING;
    this.answers = state?.a;
    this.memoValues = state?.m;
    this.onceValues = state?.o;
    this.changedQuestions = state?.x;
    this.generation = state?.g;
    this.incoming = incoming;
  }

  /** Random id of the whole call, minted only when a first round needs one (once, or a next round). */
  get cid(): string {
    this.callId ??= randomId();
    return this.callId;
  }

  /** Whether this call has an id yet (a resumed call, or a first round that ran `once` or asks again). */
  get hasCallId(): boolean {
    return this.callId !== undefined;
  }

  /** Every answer settled so far, from earlier rounds and this one. */
  get settledAnswers(): Readonly<Record<string, SettledAnswer>> | undefined {
    return this.answers;
  }

  /** The questions this round asked, in the order asked. */
  get pending(): ReadonlyMap<string, PendingQuestion> {
    return (this.pendingQuestions ??= new Map());
  }

  get hasPending(): boolean {
    return this.pendingQuestions !== undefined && this.pendingQuestions.size > 0;
  }

  /** Keys asked in the previous round that the retry answered. */
  answeredKeys(): string[] {
    const keys: string[] = [];
    for (const key in this.asked) if (Object.hasOwn(this.incoming, key)) keys.push(key);
    return keys;
  }

  askedKind(key: string): InputKind | undefined {
    return Object.hasOwn(this.asked, key) ? this.asked[key]![0] : undefined;
  }

  /**
   * Whether the question under `key` is not the one the client answered: a settled answer pinned to
   * another question, or an answer that just arrived for a question asked otherwise last round.
   */
  questionChanged(key: string, digest: string): boolean {
    const answers = this.answers;
    if (answers !== undefined && Object.hasOwn(answers, key)) return answers[key]![0] !== digest;
    return (
      this.resumed &&
      Object.hasOwn(this.incoming, key) &&
      Object.hasOwn(this.asked, key) &&
      this.asked[key]![1] !== digest
    );
  }

  /** The parts of the question under `key` when it changed before, if it did. */
  changedBefore(key: string): QuestionParts | undefined {
    const changed = this.changedQuestions;
    return changed !== undefined && Object.hasOwn(changed, key) ? changed[key] : undefined;
  }

  /** Remembers that the question under `key` changed once, and what it became. */
  markChanged(key: string, parts: QuestionParts): void {
    (this.changedQuestions ??= {})[key] = parts;
  }

  /** The settled answer for `key` if it answers exactly this question; a changed question is asked again. */
  settled(key: string, digest: string): SettledAnswer | undefined {
    const answers = this.answers;
    if (answers === undefined || !Object.hasOwn(answers, key)) return undefined;
    const answer = answers[key]!;
    if (answer[0] === digest) return answer;
    delete answers[key];
    return undefined;
  }

  /**
   * The answer that just arrived for `key`, if `key` was asked last round with exactly this question.
   * A first round has no state that could say what was asked, so there an answer under the key the
   * handler asks for is taken as is (clients may answer without a requestState); its shape is the
   * channel's to check.
   */
  fresh(key: string, digest: string): unknown {
    if (this.answers !== undefined && Object.hasOwn(this.answers, key)) return undefined;
    if (!Object.hasOwn(this.incoming, key)) return undefined;
    if (!this.resumed) return this.incoming[key];
    if (!Object.hasOwn(this.asked, key) || this.asked[key]![1] !== digest) return undefined;
    return this.incoming[key];
  }

  settle(key: string, digest: string, response: unknown): void {
    const answers = (this.answers ??= {});
    if (!Object.hasOwn(answers, key)) answers[key] = [digest, response];
  }

  ask(key: string, question: PendingQuestion): void {
    (this.pendingQuestions ??= new Map()).set(key, question);
  }

  hasMemo(key: string): boolean {
    return this.memoValues !== undefined && Object.hasOwn(this.memoValues, key);
  }
  memoValue(key: string): unknown {
    return this.memoValues?.[key];
  }
  setMemo(key: string, value: unknown): void {
    (this.memoValues ??= {})[key] = value;
  }

  hasOnce(key: string): boolean {
    return this.onceValues !== undefined && Object.hasOwn(this.onceValues, key);
  }
  onceValue(key: string): unknown {
    return this.onceValues?.[key];
  }
  setOnce(key: string, value: unknown): void {
    (this.onceValues ??= {})[key] = value;
  }

  /** Tracks work started in this round so its outcome is recorded before the round's state is sealed. */
  track<T>(promise: Promise<T>): Promise<T> {
    const inFlight = (this.inFlight ??= new Set());
    inFlight.add(promise);
    const forget = () => inFlight.delete(promise);
    promise.then(forget, forget);
    return promise;
  }

  /** Whether work tracked in this round may still be running. */
  get hasInFlight(): boolean {
    return this.inFlight !== undefined && this.inFlight.size > 0;
  }

  async settleInFlight(): Promise<void> {
    const inFlight = this.inFlight;
    if (inFlight === undefined) return;
    while (inFlight.size) await Promise.allSettled([...inFlight]);
  }

  /** The state carried into the next round. */
  nextState(): CallState {
    const state: CallState = { c: this.cid, r: this.round };
    if (this.pendingQuestions?.size) {
      const asked: Record<string, AskedQuestion> = {};
      for (const [key, question] of this.pendingQuestions) asked[key] = [question.kind, question.digest];
      state.q = asked;
    }
    if (hasEntries(this.answers)) state.a = this.answers;
    if (hasEntries(this.memoValues)) state.m = this.memoValues;
    if (hasEntries(this.onceValues)) state.o = this.onceValues;
    if (hasEntries(this.changedQuestions)) state.x = this.changedQuestions;
    if (this.generation !== undefined) state.g = this.generation;
    return state;
  }
}

function hasEntries(record: Record<string, unknown> | undefined): record is Record<string, unknown> {
  if (record === undefined) return false;
  for (const key in record) if (Object.hasOwn(record, key)) return true;
  return false;
}
