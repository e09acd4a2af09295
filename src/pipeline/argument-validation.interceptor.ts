import { InvalidParamsError } from '../errors/invalid-params.error.js';
import type { ClassType } from '../metadata/class-type.js';
import { validateClassNow } from '../validation/class-instance.check.js';
import type { ValidationOutcome } from '../validation/validation-outcome.js';
import type { CallInfo } from './call-info.js';
import type { ElicitorInterceptor } from './elicitor-interceptor.js';

/** Turns the raw arguments into the handler's `@Args()` DTO and checks it; bad arguments are invalid params. */
export class ArgumentValidationInterceptor implements ElicitorInterceptor {
  constructor(private readonly argsClass: ClassType) {}

  intercept(call: CallInfo, next: () => Promise<unknown>): Promise<unknown> {
    // Valid arguments of a class the schema fully describes are settled without a promise of our own.
    const outcome = validateClassNow(this.argsClass, call.arguments);
    if (outcome instanceof Promise) return outcome.then((settled) => proceed(settled, call, next));
    return proceed(outcome, call, next);
  }
}

function proceed(
  outcome: ValidationOutcome<unknown>,
  call: CallInfo,
  next: () => Promise<unknown>,
): Promise<unknown> {
  if (!outcome.ok) {
    return Promise.reject(new InvalidParamsError(outcome.message, { issues: outcome.issues }));
  }
  call.args = outcome.value;
  return next();
}
