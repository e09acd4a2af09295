import { InvalidParamsError } from '../errors/invalid-params.error.js';
import type { StandardSchema } from '../schema/standard-schema.js';
import { validateStandardNow } from '../validation/standard-schema.check.js';
import type { ValidationOutcome } from '../validation/validation-outcome.js';
import type { CallInfo } from './call-info.js';
import type { ElicitorInterceptor } from './elicitor-interceptor.js';

/**
 * Validates the raw arguments with the handler's `@Args(schema)` Standard Schema; the handler gets the
 * schema's output, and bad arguments are invalid params, worded as for a class. Chosen at bootstrap.
 */
export class StandardArgumentValidationInterceptor implements ElicitorInterceptor {
  constructor(private readonly schema: StandardSchema) {}

  intercept(call: CallInfo, next: () => Promise<unknown>): Promise<unknown> {
    // Absent arguments count as `{}`, as for a class.
    const outcome = validateStandardNow(this.schema, call.arguments ?? {}, 'Invalid arguments');
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
