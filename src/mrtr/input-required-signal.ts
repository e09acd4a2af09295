import { ControlFlowSignal } from '../errors/control-flow-signal.js';

/**
 * Thrown by `ctx.elicit` (and `sample`, `listRoots`) on a modern request when the answer is not known yet.
 * It is control flow, not a failure: a user `try/catch` around those calls must rethrow it.
 */
export class InputRequiredSignal extends ControlFlowSignal {
  constructor() {
    // Control flow, thrown once per question: a stack trace would only cost time.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super('Input required: this request continues in a later round (rethrow this if you catch it)');
    Error.stackTraceLimit = limit;
    this.name = 'InputRequiredSignal';
  }
}

/** True for the internal signal that ends a round; use it to rethrow from a `catch`. */
export function isInputRequired(error: unknown): error is InputRequiredSignal {
  return error instanceof InputRequiredSignal;
}

/** The one signal instance: it carries no data, so every round can throw the same object. */
export const INPUT_REQUIRED: InputRequiredSignal = Object.freeze(new InputRequiredSignal());

/**
 * What an unanswered question returns: always the same promise, rejected with the signal and marked
 * handled from the start. A fresh `Promise.reject` per question would be reported as an unhandled rejection
 * until the handler's `await` reached it, and revoked again then: work for nothing, twice a question.
 */
export const INPUT_REQUIRED_REJECTION: Promise<never> = Promise.reject(INPUT_REQUIRED);
INPUT_REQUIRED_REJECTION.catch(() => undefined);
