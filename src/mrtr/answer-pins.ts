import { InvalidParamsError } from '../errors/invalid-params.error.js';
import type { SettledAnswer } from './call-state.js';
import { digestOf } from './digest.js';
import type { StateStore } from './stores/state-store.js';

/**
 * Ties the answers that led to a decision (a `once` effect, a final result) to the call in the shared
 * store, one record per answer key. Another branch of the same call (an older requestState replayed
 * with other answers, on any replica) then cannot decide differently: its first decision is refused.
 */
export class AnswerPins {
  private readonly pinned = new Set<string>();

  constructor(
    private readonly store: StateStore,
    private readonly ttlMs: number,
    private readonly callId: string,
  ) {}

  /** Pins every answer not pinned yet in this round; throws when one contradicts a pinned answer. */
  async pin(answers: Readonly<Record<string, SettledAnswer>> | undefined): Promise<void> {
    if (answers === undefined) return;
    const pending: Array<Promise<void>> = [];
    for (const key in answers) {
      if (!Object.hasOwn(answers, key) || this.pinned.has(key)) continue;
      pending.push(this.pinOne(key, digestOf(answers[key]![1])));
    }
    if (pending.length) await Promise.all(pending);
  }

  /**
   * Drops the pins made through this object once the call's final result is recorded: every later round
   * of the call gets that result without running, so the pins guard no decision any more.
   */
  async forget(): Promise<void> {
    const keys = [...this.pinned];
    this.pinned.clear();
    await Promise.all(keys.map((key) => this.store.delete(this.storeKeyOf(key))));
  }

  private storeKeyOf(key: string): string {
    return `answer:${this.callId}:${key}`;
  }

  private async pinOne(key: string, fingerprint: string): Promise<void> {
    const storeKey = this.storeKeyOf(key);
    if (!(await this.store.setIfAbsent(storeKey, fingerprint, this.ttlMs))) {
      const pinned = await this.store.get(storeKey);
      if (pinned !== undefined && pinned !== fingerprint) throw conflict(key);
    }
    this.pinned.add(key);
  }
}

function conflict(key: string): InvalidParamsError {
  return new InvalidParamsError(
    `This call already went ahead with another answer to "${key}"; an earlier requestState cannot change it. Continue from the latest requestState, or start a new call.`,
    { reason: 'conflicting_answer', key },
  );
}
