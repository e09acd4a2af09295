import { InvalidParamsError } from '../errors/invalid-params.error.js';
import type { SettledAnswer } from './call-state.js';
import { digestOf } from './digest.js';
import { InvalidRequestStateError } from '../errors/invalid-request-state.error.js';
import { keepsRecordsFor, RECORDS_DROPPED } from './stores/record-horizon.check.js';
import { setIfAbsentInGeneration } from './stores/store-generation.check.js';
import type { StateStore } from './stores/state-store.js';

/** Each failed compare-and-set means another request grew the record meanwhile; a few passes settle it. */
const MAX_ATTEMPTS = 16;

/**
 * Ties the answers that led to a decision (a `once` effect, a final result) to the call in the shared
 * store: one record per call, mapping each answer key to its answer's fingerprint, grown by
 * compare-and-set. Another branch of the same call (an older requestState replayed with other answers,
 * on any replica) then cannot decide differently: its first decision is refused.
 */
export class AnswerPins {
  private readonly pinned = new Set<string>();

  constructor(
    private readonly store: StateStore,
    private readonly ttlMs: number,
    private readonly callId: string,
    /** When the round's requestState was issued: pins the store may have dropped refuse the round. */
    private readonly issuedAt?: number,
    /** The store generation that state was issued under: pins a new generation lost refuse the round. */
    private readonly generation?: string,
  ) {}

  /** Pins every answer not pinned yet in this round; throws when one contradicts a pinned answer. */
  async pin(answers: Readonly<Record<string, SettledAnswer>> | undefined): Promise<void> {
    if (answers === undefined) return;
    let wanted: Record<string, string> | undefined;
    for (const key in answers) {
      if (!Object.hasOwn(answers, key) || this.pinned.has(key)) continue;
      (wanted ??= {})[key] = digestOf(answers[key]![1]);
    }
    if (wanted === undefined) return;
    const storeKey = this.storeKey;
    // The common case is a call with no record yet: one write, no read.
    let stored: string | undefined;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      if (stored === undefined) {
        const written = JSON.stringify(wanted);
        if (await setIfAbsentInGeneration(this.store, storeKey, written, this.ttlMs, this.generation)) {
          if (!keepsRecordsFor(this.store, storeKey, this.issuedAt))
            await this.refuseDropped(storeKey, written);
          return this.markPinned(wanted);
        }
        stored = await this.store.get(storeKey);
        if (stored === undefined) continue;
      }
      const record = JSON.parse(stored) as Record<string, string>;
      let grown = false;
      for (const key in wanted) {
        const pinned = Object.hasOwn(record, key) ? record[key] : undefined;
        if (pinned === undefined) {
          record[key] = wanted[key]!;
          grown = true;
        } else if (pinned !== wanted[key]) throw conflict(key);
      }
      if (!grown || (await this.store.compareAndSet(storeKey, stored, JSON.stringify(record), this.ttlMs)))
        return this.markPinned(wanted);
      stored = await this.store.get(storeKey);
    }
    throw new Error(`could not pin the answers of call ${this.callId}: its record kept changing`);
  }

  /**
   * Drops the call's pins once its final result is recorded: every later round of the call gets that
   * result without running, so the pins guard no decision any more.
   */
  async forget(): Promise<void> {
    if (this.pinned.size === 0) return;
    this.pinned.clear();
    await this.store.delete(this.storeKey);
  }

  /** The record was found absent, but the store may have dropped it: these pins would prove nothing. */
  private async refuseDropped(storeKey: string, written: string): Promise<never> {
    await this.store.compareAndDelete(storeKey, written);
    throw new InvalidRequestStateError(RECORDS_DROPPED);
  }

  private get storeKey(): string {
    return `answers:${this.callId}`;
  }

  private markPinned(wanted: Record<string, string>): void {
    for (const key in wanted) this.pinned.add(key);
  }
}

function conflict(key: string): InvalidParamsError {
  return new InvalidParamsError(
    `This call already went ahead with another answer to "${key}"; an earlier requestState cannot change it. Continue from the latest requestState, or start a new call.`,
    { reason: 'conflicting_answer', key },
  );
}
