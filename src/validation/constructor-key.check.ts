import type { ValidationIssue } from './validation-outcome.js';

/**
 * Objects in `value` that carry their own `constructor` key. class-transformer reads `value.constructor`
 * to pick the class of an untyped nested object, so such a key makes it call a string (or `undefined`)
 * as a constructor and throw. Those values are refused as input instead, naming where they are.
 */
export function constructorKeyIssues(value: unknown, path = ''): ValidationIssue[] {
  if (typeof value !== 'object' || value === null) return [];
  if (Array.isArray(value))
    return value.flatMap((item, index) => constructorKeyIssues(item, `${path}[${index}]`));
  const issues: ValidationIssue[] = [];
  if (Object.hasOwn(value, 'constructor')) {
    issues.push({
      path,
      rule: 'constructorKey',
      message: `${path || 'the value'} must not have a property named "constructor"`,
    });
  }
  for (const [key, item] of Object.entries(value)) {
    if (key !== 'constructor') issues.push(...constructorKeyIssues(item, path ? `${path}.${key}` : key));
  }
  return issues;
}
