import type { FormSchema } from '../schema/form-schema.builder.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { checkJsonValue } from '../schema/json-value.checker.js';
import type { ValidationIssue } from './validation-outcome.js';

/**
 * Checks an elicitation answer's `content` against the flat schema that was sent: an object, every
 * `required` field present, types (`integer` means a whole number), `minimum`/`maximum`,
 * `minLength`/`maxLength` (in characters), formats (email, uri, date, date-time), enum membership for
 * all five shapes, and multi-select arrays with `minItems`/`maxItems`.
 *
 * Missing `content` counts as `{}`; a `null` value counts as absent. Unknown keys are ignored (and
 * dropped from validated answers): the form never asked for them, so they cannot mislead anyone.
 */
export function checkFormAnswer(schema: FormSchema, content: unknown): ValidationIssue[] {
  return checkJsonValue(schema as unknown as JsonSchema, content ?? {});
}
