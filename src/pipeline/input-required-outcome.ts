import type { CallInfo } from './call-info.js';

/**
 * Between the built-in interceptors of a modern call (the re-run model, commit, result mapping), a round
 * that needs input travels as this value rather than as a rejection: nothing between them is user code,
 * and a rejection unwinds the stack again at every step. Interceptors inside result mapping, the user's
 * among them, still see the signal as a rejection.
 */
export const INPUT_REQUIRED_OUTCOME: unique symbol = Symbol('elicitor:input-required-outcome');

/** Set by the input model that turns its signal into {@link INPUT_REQUIRED_OUTCOME} at result mapping. */
export const INPUT_REQUIRED_SIGNAL = Symbol('elicitor:input-required-signal');

/** A call whose input model asked for its signal as a value. */
export interface SignalPassingCall extends CallInfo {
  [INPUT_REQUIRED_SIGNAL]?: unknown;
}

/** The value result mapping passes on for `error`, when it is the signal the call's input model waits for. */
export function inputRequiredOutcome(
  call: CallInfo,
  error: unknown,
): typeof INPUT_REQUIRED_OUTCOME | undefined {
  const signal = (call as SignalPassingCall)[INPUT_REQUIRED_SIGNAL];
  return signal !== undefined && error === signal ? INPUT_REQUIRED_OUTCOME : undefined;
}
