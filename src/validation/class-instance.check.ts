import type { ClassType } from '../metadata/class-type.js';
import { checkJsonValue } from '../schema/json-value.check.js';
import { formatIssues } from './issue-message.formatter.js';
import { toValidatedInstance } from './instance-pipeline.js';
import type { ValidationOutcome } from './validation-outcome.js';
import { cleanPlainObject } from './plain-value-cleaner.js';
import { isSchemaComplete } from './schema-complete.check.js';
import { validationPlanFor } from './validation-plan.js';
import type { ValidationPlan } from './validation-plan.js';

/** Options of `validateClass`. */
export interface ValidateClassOptions {
  /** Starts the one-line message; `Invalid arguments` by default. */
  label?: string;
}

/**
 * Turns plain JSON (a tool's `arguments`) into a validated instance of `cls`.
 *
 * 1. The value is checked against the class's `inputSchema` (types, `required`, bounds, formats,
 *    enums, and unknown properties, which `additionalProperties: false` refuses, at every level).
 * 2. class-transformer builds the instance: initializers stay as defaults, nested classes and `Date`
 *    are built from the schema's types, and nothing else is converted (`"5"` never becomes `5`).
 * 3. class-validator runs every rule, including those the schema cannot carry (`@Matches`, custom).
 *
 * Missing arguments (`undefined`/`null`) count as `{}`; a `null` property counts as absent.
 * Throws `SchemaDefinitionError` if the class cannot have an input schema (a bootstrap mistake).
 */
export async function validateClass<T>(
  cls: ClassType<T>,
  plain: unknown,
  options: ValidateClassOptions = {},
): Promise<ValidationOutcome<T>> {
  return validateClassNow(cls, plain, options);
}

/**
 * {@link validateClass} without a promise where none is needed: a value the schema alone proves valid
 * (its class has no rule the schema cannot carry) is settled synchronously, which is most valid tool
 * calls; anything else returns the full pipeline's promise.
 */
export function validateClassNow<T>(
  cls: ClassType<T>,
  plain: unknown,
  options: ValidateClassOptions = {},
): ValidationOutcome<T> | Promise<ValidationOutcome<T>> {
  const label = options.label ?? 'Invalid arguments';
  const value = plain ?? {};
  const plan = validationPlanFor(cls);
  const schemaIssues = checkJsonValue(plan.schema, value);
  if (typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, issues: schemaIssues, message: formatIssues(label, schemaIssues) };
  }
  if (schemaIssues.length === 0 && isSchemaComplete(cls, plan)) return schemaProvenInstance(cls, plan, value);
  return toValidatedInstance(cls, value as Record<string, unknown>, schemaIssues, label);
}

function schemaProvenInstance<T>(
  cls: ClassType<T>,
  plan: ValidationPlan,
  value: object,
): ValidationOutcome<T> {
  const instance = new cls() as Record<string, unknown>;
  cleanPlainObject(plan.model, value as Record<string, unknown>, instance);
  return { ok: true, value: instance as T };
}
