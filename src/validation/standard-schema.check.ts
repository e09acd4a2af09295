import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { StandardSchema } from '../schema/standard-schema.js';
import { formatIssues } from './issue-message.formatter.js';
import type { ValidationIssue, ValidationOutcome } from './validation-outcome.js';

/** `address.city`, `tags[1]`: the same path text as a class's issues. */
function pathText(path: StandardSchemaV1.Issue['path']): string {
  let text = '';
  for (const segment of path ?? []) {
    const key = typeof segment === 'object' && segment !== null ? segment.key : segment;
    if (typeof key === 'number') text += `[${key}]`;
    else text += text ? `.${String(key)}` : String(key);
  }
  return text;
}

/** The library's name for the broken rule, where it gives one (Zod and ArkType `code`, Valibot `type`). */
function ruleOf(issue: StandardSchemaV1.Issue): string {
  const { code, type } = issue as { code?: unknown; type?: unknown };
  if (typeof code === 'string') return code;
  return typeof type === 'string' ? type : 'invalid';
}

/** A Standard Schema's issues as Elicitor's: path, rule, and the library's own message. */
export function toValidationIssues(issues: readonly StandardSchemaV1.Issue[]): ValidationIssue[] {
  return issues.map((issue) => ({ path: pathText(issue.path), rule: ruleOf(issue), message: issue.message }));
}

function settle<T>(result: StandardSchemaV1.Result<T>, label: string): ValidationOutcome<T> {
  if (!result.issues) return { ok: true, value: result.value };
  const issues = toValidationIssues(result.issues);
  return { ok: false, issues, message: formatIssues(label, issues) };
}

/**
 * Validates a value with a Standard Schema's own `~standard.validate`: the outcome holds the schema's
 * output (defaults filled, transforms applied), or its issues in the one-line form classes use
 * (`Invalid arguments: nights (invalid_type): ...`). Settles without a promise when the library does.
 */
export function validateStandardNow<T>(
  schema: StandardSchema<T>,
  value: unknown,
  label: string,
): ValidationOutcome<T> | Promise<ValidationOutcome<T>> {
  const result = schema['~standard'].validate(value);
  return result instanceof Promise ? result.then((settled) => settle(settled, label)) : settle(result, label);
}
