import type * as ClassTransformer from 'class-transformer';
import type { ClassType } from '../metadata/class-type.js';
import {
  classValidatorInUse,
  loadClassValidator,
  loadedClassValidator,
} from '../schema/class-validator.adapter.js';
import { buildClassModel } from '../schema/class-model.builder.js';
import { cleanPlainObject } from './plain-value-cleaner.js';
import { constructorKeyIssues } from './constructor-key.check.js';
import { formatIssues } from './issue-message.formatter.js';
import { flattenValidationErrors } from './validation-error-flattener.js';
import type { ValidationIssue, ValidationOutcome } from './validation-outcome.js';
import { validationPlanFor } from './validation-plan.js';

// Imported on the first validation, not at start: an app whose DTOs do not use it starts without it.
let classTransformer: typeof ClassTransformer | undefined;

/** Fills `@Field({ default })` values (those without an initializer) into absent fields, nested too. */
function fillFieldDefaults(instance: unknown): void {
  if (typeof instance !== 'object' || instance === null) return;
  if (Array.isArray(instance)) return instance.forEach(fillFieldDefaults);
  const target = instance as Record<string, unknown>;
  const cls = instance.constructor as ClassType;
  if (cls === Object) return;
  for (const field of buildClassModel(cls, 'input').fields) {
    if (target[field.name] === undefined && field.fillDefault !== undefined) {
      const value = structuredClone(field.fillDefault);
      target[field.name] = field.convertTo === Date && typeof value === 'string' ? new Date(value) : value;
    } else if (field.convertTo && field.convertTo !== Date) {
      fillFieldDefaults(target[field.name]);
    }
  }
}

/** class-validator rules that check a value's type, the same check as the schema's `type`. */
const TYPE_RULES = new Set(['isString', 'isNumber', 'isInt', 'isBoolean', 'isArray', 'isObject', 'isDate']);

/** Whether `path` is `at` or lies inside it (`at.x`, `at[0]`). */
function isAtOrUnder(path: string, at: string): boolean {
  return path === at || path.startsWith(`${at}.`) || path.startsWith(`${at}[`);
}

/**
 * One list in field declaration order. A required field that is missing says just that: the rules
 * about its value (`isInt`, `min`, `max`) say nothing useful about an absent value. A value of the
 * wrong type says that first, for the same reason: `"12"` for a `@Min(1)` number must be a number,
 * whatever `min` thinks of it. For any other path both checks flagged, class-validator's wording wins:
 * it names the rule the developer wrote (`max`, not `maximum`).
 */
function mergeIssues(
  fieldNames: readonly string[],
  schemaIssues: readonly ValidationIssue[],
  ruleIssues: readonly ValidationIssue[],
): ValidationIssue[] {
  const missing = schemaIssues.filter((issue) => issue.rule === 'required').map((issue) => issue.path);
  const mistyped = schemaIssues.filter((issue) => issue.rule === 'type').map((issue) => issue.path);
  const valueIssues =
    missing.length + mistyped.length === 0
      ? ruleIssues
      : ruleIssues.filter(
          (issue) =>
            !missing.includes(issue.path) &&
            !mistyped.some(
              (path) => isAtOrUnder(issue.path, path) && !(issue.path === path && TYPE_RULES.has(issue.rule)),
            ),
        );
  const rulePaths = new Set(valueIssues.map((issue) => issue.path));
  const merged = [...schemaIssues.filter((issue) => !rulePaths.has(issue.path)), ...valueIssues];
  const position = (issue: ValidationIssue): number => {
    const index = fieldNames.indexOf(/^[^.[]*/.exec(issue.path)![0]);
    return index < 0 ? fieldNames.length : index;
  };
  return merged.sort((left, right) => position(left) - position(right));
}

/**
 * Shared tail of argument and answer validation: copy the known fields, build the instance with
 * class-transformer (no implicit conversion: JSON already has the right primitive types; nested
 * classes and `Date` come from the plan), fill defaults, run class-validator, merge with the issues
 * the schema check already found.
 */
export async function toValidatedInstance<T>(
  cls: ClassType<T>,
  plain: Record<string, unknown>,
  schemaIssues: readonly ValidationIssue[],
  label: string,
): Promise<ValidationOutcome<T>> {
  const plan = validationPlanFor(cls);
  const cleaned = cleanPlainObject(plan.model, plain);
  const unsafe = constructorKeyIssues(cleaned);
  if (unsafe.length > 0) {
    const flagged = schemaIssues.map((issue) => issue.path);
    const issues = [
      ...schemaIssues,
      ...unsafe.filter((issue) => !flagged.some((path) => isAtOrUnder(issue.path, path))),
    ];
    return { ok: false, issues, message: formatIssues(label, issues) };
  }
  classTransformer ??= await import('class-transformer');
  const instance = classTransformer.plainToInstance(cls, cleaned, {
    exposeDefaultValues: true,
    enableImplicitConversion: false,
    ...(plan.targetMaps.length > 0 ? { targetMaps: plan.targetMaps } : {}),
  });
  if (plan.fillsDefaults) fillFieldDefaults(instance);
  // No class-validator decorator ever ran: no rule to check, and the library stays unloaded.
  const classValidator = classValidatorInUse()
    ? (loadedClassValidator() ?? (await loadClassValidator()))
    : undefined;
  const errors = classValidator
    ? await classValidator.validate(instance as object, { forbidUnknownValues: false })
    : [];
  const fieldNames = plan.model.fields.map((field) => field.name);
  const issues = mergeIssues(fieldNames, schemaIssues, flattenValidationErrors(errors));
  return issues.length === 0
    ? { ok: true, value: instance }
    : { ok: false, issues, message: formatIssues(label, issues) };
}
