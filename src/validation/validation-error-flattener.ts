import type { ValidationError } from 'class-validator';
import type { ClassType } from '../metadata/class-type.js';
import { buildClassModel } from '../schema/class-model.builder.js';
import type { ValidationIssue } from './validation-outcome.js';

const optionalFields = new WeakMap<object, ReadonlySet<string>>();

/** `@Field({ optional: true })` fields: class-validator does not know them, so their absence is filtered here. */
function optionalFieldsOf(target: unknown): ReadonlySet<string> {
  const cls = (target as object | undefined)?.constructor as ClassType | undefined;
  if (!cls || cls === Object) return new Set();
  let names = optionalFields.get(cls);
  if (!names) {
    names = new Set(
      buildClassModel(cls, 'input')
        .fields.filter((field) => field.optional)
        .map((field) => field.name),
    );
    optionalFields.set(cls, names);
  }
  return names;
}

function childPath(parentPath: string, parentValue: unknown, property: string): string {
  if (!parentPath) return property;
  return Array.isArray(parentValue) ? `${parentPath}[${property}]` : `${parentPath}.${property}`;
}

/** Turns class-validator's error tree into flat issues with paths like `items[0].sku`. */
export function flattenValidationErrors(
  errors: readonly ValidationError[],
  parentPath = '',
  parentValue: unknown = undefined,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const error of errors) {
    const absent = error.value === undefined || error.value === null;
    if (absent && optionalFieldsOf(error.target).has(error.property)) continue;
    const path = childPath(parentPath, parentValue, error.property);
    for (const [rule, message] of Object.entries(error.constraints ?? {}))
      issues.push({ path, rule, message });
    if (error.children?.length) issues.push(...flattenValidationErrors(error.children, path, error.value));
  }
  return issues;
}
