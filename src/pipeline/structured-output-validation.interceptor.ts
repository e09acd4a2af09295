import { ResultValueError } from '../errors/result-value.error.js';
import type { StandardSchema } from '../schema/standard-schema.js';
import { isRecord } from '../shared/is-record.js';
import { validateStandardNow } from '../validation/standard-schema.check.js';
import type { ValidationOutcome } from '../validation/validation-outcome.js';
import type { CallInfo } from './call-info.js';
import type { ElicitorInterceptor } from './elicitor-interceptor.js';

/** What of a handler's return value becomes `structuredContent` (see `toCallToolResult`), if anything. */
function structuredPart(value: unknown): unknown {
  if (!isRecord(value)) return undefined;
  return Array.isArray(value.content) ? value.structuredContent : value;
}

/**
 * Checks the `structuredContent` a tool returns against its `output` Standard Schema before it is sent:
 * a client may validate it against `outputSchema`, so a mismatch is the server's bug, logged and
 * answered as an error result naming the tool and the path.
 */
export class StructuredOutputValidationInterceptor implements ElicitorInterceptor {
  constructor(private readonly schema: StandardSchema) {}

  intercept(call: CallInfo, next: () => Promise<unknown>): Promise<unknown> {
    return next().then((value) => {
      const structured = structuredPart(value);
      if (structured === undefined) return value;
      const outcome = validateStandardNow(this.schema, structured, 'its output schema refuses it');
      if (outcome instanceof Promise) return outcome.then((settled) => accept(settled, value, call));
      return accept(outcome, value, call);
    });
  }
}

function accept(outcome: ValidationOutcome<unknown>, value: unknown, call: CallInfo): unknown {
  if (outcome.ok) return value;
  throw new ResultValueError(`${call.name} returned structuredContent ${outcome.message}`);
}
