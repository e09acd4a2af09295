import { ElicitorError } from './elicitor.error.js';

/**
 * A handler misuses a replay key: two different questions under one key in one call, a question that
 * keeps changing between rounds, or a key no record can hold. A mistake in the handler, so the call ends at
 * once on every era.
 */
export class ReplayKeyError extends ElicitorError {
  constructor(
    code: 'REPLAY_KEY_REUSED' | 'QUESTION_KEEPS_CHANGING' | 'REPLAY_KEY_RESERVED',
    message: string,
    readonly key: string,
  ) {
    super(code, message);
  }

  static reused(key: string): ReplayKeyError {
    return new ReplayKeyError(
      'REPLAY_KEY_REUSED',
      `Two different questions were asked under the key "${key}" in one call. A key names one question: give each question a key of its own.`,
      key,
    );
  }

  /** `__proto__`: a plain object, and so the JSON a call carries, would take it for its prototype. */
  static reserved(key: string): ReplayKeyError {
    return new ReplayKeyError(
      'REPLAY_KEY_RESERVED',
      `The key "${key}" cannot name a question or a value: JavaScript objects read it as their prototype, so what is kept under it would be lost between rounds. Give it another name.`,
      key,
    );
  }

  static keepsChanging(key: string, changedParts: readonly string[]): ReplayKeyError {
    const what = changedParts.length ? changedParts.join(', ') : 'the question';
    return new ReplayKeyError(
      'QUESTION_KEEPS_CHANGING',
      `The question under "${key}" changed again after the client answered it (${what} changed), so it would be asked forever. A question must stay the same in every round of a call: compute what varies (a timestamp, a random OAuth state, a URL with a nonce) inside ctx.memo(...) so it is fixed for the whole call.`,
      key,
    );
  }
}
