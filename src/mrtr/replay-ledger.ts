import { randomBytes } from 'node:crypto';
import type { AskedQuestion, CallState, InputKind, SettledAnswer } from './call-state.js';

/** A question recorded in this round, sent in the next `input_required` result. */
export interface PendingQuestion {
  kind: InputKind;
  digest: string;
  request: { method: string; params?: Record<string, unknown> };
}

/**
 * One round's view of a call: what earlier rounds settled, the answers that just arrived (only for keys
 * asked in the previous round), and the questions this round adds.
 */
export class ReplayLedger {
  private callId: string | undefined;
  readonly round: number;
  readonly resumed: boolean;
  readonly pending = new Map<string, PendingQuestion>();
  private readonly asked: Record<string, AskedQuestion>;
  private readonly answers: Record<string, SettledAnswer>;
  private readonly memoValues: Record<string, unknown>;
  private readonly onceValues: Record<string, unknown>;
  private readonly incoming: Record<string, unknown>;
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(state: CallState | undefined, incoming: Record<string, unknown>) {
    this.resumed = state !== undefined;
    this.callId = state?.cid;
    this.round = (state?.round ?? 0) + 1;
    this.asked = state?.asked ?? {};
    this.answers = { ...(state?.answers ?? {}) };
    this.memoValues = { ...(state?.memo ?? {}) };
    this.onceValues = { ...(state?.once ?? {}) };
    this.incoming = incoming;
  }

  /** Random id of the whole call, minted only when a first round needs one (once, or a next round). */
  get cid(): string {
    this.callId ??= randomBytes(16).toString('base64url');
    return this.callId;
  }

  /** Keys asked in the previous round that the retry answered. */
  answeredKeys(): string[] {
    return Object.keys(this.asked).filter((key) => Object.hasOwn(this.incoming, key));
  }

  askedKind(key: string): InputKind | undefined {
    return this.asked[key]?.kind;
  }

  /** The settled answer for `key` if it answers exactly this question; a changed question is asked again. */
  settled(key: string, digest: string): SettledAnswer | undefined {
    const answer = this.answers[key];
    if (!answer) return undefined;
    if (answer.digest === digest) return answer;
    delete this.answers[key];
    return undefined;
  }

  /**
   * The answer that just arrived for `key`, if `key` was asked last round with exactly this question.
   * A first round has no state that could say what was asked, so there an answer under the key the
   * handler asks for is taken as is (clients may answer without a requestState); its shape is the
   * channel's to check.
   */
  fresh(key: string, digest: string): unknown {
    if (this.answers[key] !== undefined || !Object.hasOwn(this.incoming, key)) return undefined;
    if (!this.resumed) return this.incoming[key];
    const asked = this.asked[key];
    if (!asked || asked.digest !== digest) return undefined;
    return this.incoming[key];
  }

  settle(key: string, digest: string, response: unknown): void {
    if (this.answers[key] === undefined) this.answers[key] = { digest, response };
  }

  ask(key: string, question: PendingQuestion): void {
    this.pending.set(key, question);
  }

  hasMemo(key: string): boolean {
    return Object.hasOwn(this.memoValues, key);
  }
  memoValue(key: string): unknown {
    return this.memoValues[key];
  }
  setMemo(key: string, value: unknown): void {
    this.memoValues[key] = value;
  }

  hasOnce(key: string): boolean {
    return Object.hasOwn(this.onceValues, key);
  }
  onceValue(key: string): unknown {
    return this.onceValues[key];
  }
  setOnce(key: string, value: unknown): void {
    this.onceValues[key] = value;
  }

  /** Tracks work started in this round so its outcome is recorded before the round's state is sealed. */
  track<T>(promise: Promise<T>): Promise<T> {
    this.inFlight.add(promise);
    const forget = () => this.inFlight.delete(promise);
    promise.then(forget, forget);
    return promise;
  }

  async settleInFlight(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  /** The state carried into the next round. */
  nextState(): CallState {
    const asked: Record<string, AskedQuestion> = {};
    for (const [key, question] of this.pending) asked[key] = { kind: question.kind, digest: question.digest };
    return {
      cid: this.cid,
      round: this.round,
      asked,
      answers: this.answers,
      memo: this.memoValues,
      once: this.onceValues,
    };
  }
}
