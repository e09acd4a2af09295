import { InvalidParamsError } from '../errors/invalid-params.error.js';
import type { ClassType } from '../metadata/class-type.js';
import { validateClass } from '../validation/class.validator.js';
import type { CallInfo } from './call-info.js';
import type { ElicitorInterceptor } from './elicitor-interceptor.js';

/** Turns the raw arguments into the handler's `@Args()` DTO and checks it; bad arguments are -32602. */
export class ArgumentValidationInterceptor implements ElicitorInterceptor {
  constructor(private readonly argsClass: ClassType) {}

  async intercept(call: CallInfo, next: () => Promise<unknown>): Promise<unknown> {
    const outcome = await validateClass(this.argsClass, call.arguments);
    if (!outcome.ok) throw new InvalidParamsError(outcome.message, { issues: outcome.issues });
    call.args = outcome.value;
    return next();
  }
}
