import type { FormSchema } from '../schema/form-schema.builder.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { checkJsonValue } from '../schema/json-value.check.js';
import { formatIssues } from './issue-message.formatter.js';
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

/** How an answer's issues start, whatever kind of form it answers. */
export const FORM_ANSWER_LABEL = 'Invalid answer';

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
 * What an answer becomes once checked against the schema that was sent: an instance of the form's class,
 * or its Standard Schema's output. Chosen once, when the form is built, so no answer asks which kind of
 * form it belongs to. It gets the schema's issues too, to merge with its own.
 */
export type FormAnswerRefiner = (
  fields: Record<string, unknown>,
  schemaIssues: ValidationIssue[],
) => Promise<ValidationOutcome<unknown>>;

/**
 * Validates an accepted form answer: first against the `schema` that was sent (`checkFormAnswer`),
 * then, when the form came from a class or a Standard Schema, by its `refine`, so rules the wire
 * cannot carry (`@Matches`, custom validators, refinements) still hold. With a class the value is an
 * instance of it (`Date` fields as `Date`, `@Field` defaults filled in); with a Standard Schema, its
 * output; without either, a plain object of the schema's fields.
 */
export async function validateFormAnswer(
  refine: FormAnswerRefiner | undefined,
  schema: FormSchema,
  content: unknown,
): Promise<ValidationOutcome<unknown>> {
  if (!refine) return validatePlainFormAnswer(schema, content);
  const checked = checkAgainstSchema(schema, content);
  if (checked.fields === undefined) return failedFormAnswer(checked.issues);
  return refine(checked.fields, checked.issues);
}

/** {@link validateFormAnswer} for a form without a class, which needs no promise. */
export function validatePlainFormAnswer(
  schema: FormSchema,
  content: unknown,
): ValidationOutcome<Record<string, unknown>> {
  const { issues, fields } = checkAgainstSchema(schema, content);
  return fields !== undefined && issues.length === 0 ? { ok: true, value: fields } : failedFormAnswer(issues);
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

export function failedFormAnswer(issues: ValidationIssue[]): ValidationOutcome<never> {
  return { ok: false, issues, message: formatIssues(FORM_ANSWER_LABEL, issues) };
}
