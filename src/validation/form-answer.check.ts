import type { ClassType } from '../metadata/class-type.js';
import type { FormSchema } from '../schema/form-schema.builder.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { checkJsonValue } from '../schema/json-value.check.js';
import { formatIssues } from './issue-message.formatter.js';
import { toValidatedInstance } from './instance-pipeline.js';
import type { ValidationIssue, ValidationOutcome } from './validation-outcome.js';

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

const LABEL = 'Invalid answer';

/** The answer's schema fields only, `null`s dropped. */
function knownFields(schema: FormSchema, content: Record<string, unknown>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const name of Object.keys(schema.properties)) {
    if (!Object.hasOwn(content, name)) continue;
    const value = content[name];
    if (value !== null && value !== undefined) fields[name] = value;
  }
  return fields;
}

/**
 * Validates an accepted form answer: first against the `schema` that was sent (`checkFormAnswer`),
 * then, when the form came from a class, with class-validator on an instance of it, so rules the
 * wire cannot carry (`@Matches`, custom validators) still hold. With a class the value is an
 * instance of it (`Date` fields as `Date`, `@Field` defaults filled in); without, a plain object of
 * the schema's fields.
 */
export async function validateFormAnswer<T>(
  cls: ClassType<T> | undefined,
  schema: FormSchema,
  content: unknown,
): Promise<ValidationOutcome<T | Record<string, unknown>>> {
  if (!cls) return validatePlainFormAnswer(schema, content);
  const checked = checkAgainstSchema(schema, content);
  if (checked.fields === undefined) return failed(checked.issues);
  return toValidatedInstance(cls, checked.fields, checked.issues, LABEL);
}

/** {@link validateFormAnswer} for a form without a class, which needs no promise. */
export function validatePlainFormAnswer(
  schema: FormSchema,
  content: unknown,
): ValidationOutcome<Record<string, unknown>> {
  const { issues, fields } = checkAgainstSchema(schema, content);
  return fields !== undefined && issues.length === 0 ? { ok: true, value: fields } : failed(issues);
}

/** The schema's issues with an answer, and its known fields when it is an object at all. */
function checkAgainstSchema(
  schema: FormSchema,
  content: unknown,
): { issues: ValidationIssue[]; fields: Record<string, unknown> | undefined } {
  const answer = content ?? {};
  const issues = checkFormAnswer(schema, answer);
  if (typeof answer !== 'object' || Array.isArray(answer)) return { issues, fields: undefined };
  return { issues, fields: knownFields(schema, answer as Record<string, unknown>) };
}

function failed(issues: ValidationIssue[]): ValidationOutcome<never> {
  return { ok: false, issues, message: formatIssues(LABEL, issues) };
}
