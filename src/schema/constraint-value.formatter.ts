import type { ValidationError } from 'class-validator';
import { FieldMetadataStore } from '../metadata/field-metadata.store.js';
import { validationRulesOf, type ValidationRule } from './class-validator-rules.reader.js';

/**
 * class-validator writes a rule's constraint into its message as `${constraint}`: the source of the
 * function `@MinDate(() => new Date(...))` takes, or a `Date`'s local-time text. The person reads the value
 * instead, in the text an answer would use: the day alone on a `format: 'date'` field, else ISO 8601.
 */
export function showConstraintValues(errors: readonly ValidationError[]): void {
  for (const error of errors) {
    if (error.constraints && error.target) showValuesOf(error, error.constraints);
    if (error.children?.length) showConstraintValues(error.children);
  }
}

function showValuesOf(error: ValidationError, messages: Record<string, string>): void {
  const cls = (error.target as object).constructor;
  for (const rule of rulesShowingCode(cls, error.property)) {
    const message = messages[rule.name!];
    if (message === undefined) continue;
    let shown = message;
    // Every occurrence of the constraint's text: `$constraint1` may appear more than once in a custom message.
    for (const constraint of rule.constraints as unknown[]) {
      const value = valueOf(rule.name!, constraint);
      if (value !== undefined)
        shown = shown.split(String(constraint)).join(asAnswerText(value, cls, error.property));
    }
    messages[rule.name!] = shown;
  }
}

/** The property's rules with a function or a `Date` among their constraints. */
function rulesShowingCode(cls: ValidationRule['target'], property: string): ValidationRule[] {
  return validationRulesOf(cls as never, true).filter(
    (rule) =>
      rule.propertyName === property &&
      rule.name !== undefined &&
      Array.isArray(rule.constraints) &&
      rule.constraints.some((constraint) => typeof constraint === 'function' || constraint instanceof Date),
  );
}

/** Rules that take a function giving their date, and call it as they validate; no other function is called. */
const DATE_GIVING_RULES = new Set(['minDate', 'maxDate']);

/** The date a `@MinDate`/`@MaxDate` function gives, as the rule itself computes it, or a `Date` constraint. */
function valueOf(ruleName: string, constraint: unknown): Date | undefined {
  if (constraint instanceof Date) return constraint;
  if (typeof constraint !== 'function' || !DATE_GIVING_RULES.has(ruleName)) return undefined;
  try {
    const value: unknown = (constraint as () => unknown)();
    return value instanceof Date ? value : undefined;
  } catch {
    return undefined;
  }
}

function asAnswerText(date: Date, cls: unknown, property: string): string {
  if (Number.isNaN(date.getTime())) return String(date);
  const format = FieldMetadataStore.read(cls as object).get(property)?.format;
  return format === 'date' ? date.toISOString().slice(0, 10) : date.toISOString();
}
