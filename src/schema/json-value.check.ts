import type { JsonSchema } from './json-schema.js';
import { StringFormatChecks } from '../shared/string-formats.js';
import { isRecord } from '../shared/is-record.js';
import { jsonValuePredicateOf } from './json-value-predicate.builder.js';
import { codePointLength, compiledPattern } from './string-rules.js';

/** One thing wrong with a value: where (`address.city`, `tags[1]`), which rule, and a readable line. */
export interface SchemaIssue {
  path: string;
  rule: string;
  message: string;
}

function describeChoices(values: readonly (string | number)[]): string {
  return values.map((value) => String(value)).join(', ');
}

function typeIssue(schema: JsonSchema, value: unknown): string | undefined {
  switch (schema.type) {
    case 'string':
      return typeof value === 'string' ? undefined : 'must be a string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : 'must be a number';
    case 'integer':
      return Number.isInteger(value) ? undefined : 'must be an integer';
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'must be a boolean';
    case 'array':
      return Array.isArray(value) ? undefined : 'must be an array';
    case 'object':
      return isRecord(value) ? undefined : 'must be an object';
    default:
      return undefined;
  }
}

function checkString(schema: JsonSchema, text: string, path: string, issues: SchemaIssue[]): void {
  const subject = path || 'value';
  // Counted only for a schema with a length rule: most strings have none, and every answer is checked.
  const length = schema.minLength === undefined && schema.maxLength === undefined ? 0 : codePointLength(text);
  if (schema.minLength !== undefined && length < schema.minLength) {
    issues.push({
      path,
      rule: 'minLength',
      message: `${subject} must be longer than or equal to ${schema.minLength} characters`,
    });
  }
  if (schema.maxLength !== undefined && length > schema.maxLength) {
    issues.push({
      path,
      rule: 'maxLength',
      message: `${subject} must be shorter than or equal to ${schema.maxLength} characters`,
    });
  }
  if (schema.pattern !== undefined && !compiledPattern(schema.pattern).test(text)) {
    issues.push({ path, rule: 'pattern', message: `${subject} must match the pattern ${schema.pattern}` });
  }
  const formatCheck = schema.format === undefined ? undefined : StringFormatChecks[schema.format];
  if (formatCheck && !formatCheck(text)) {
    issues.push({ path, rule: 'format', message: `${subject} must be a valid ${schema.format}` });
  }
}

function checkNumber(schema: JsonSchema, number: number, path: string, issues: SchemaIssue[]): void {
  const subject = path || 'value';
  if (schema.minimum !== undefined && number < schema.minimum) {
    issues.push({ path, rule: 'minimum', message: `${subject} must not be less than ${schema.minimum}` });
  }
  if (schema.maximum !== undefined && number > schema.maximum) {
    issues.push({ path, rule: 'maximum', message: `${subject} must not be greater than ${schema.maximum}` });
  }
  if (schema.exclusiveMinimum !== undefined && number <= schema.exclusiveMinimum) {
    issues.push({
      path,
      rule: 'exclusiveMinimum',
      message: `${subject} must be greater than ${schema.exclusiveMinimum}`,
    });
  }
  if (schema.exclusiveMaximum !== undefined && number >= schema.exclusiveMaximum) {
    issues.push({
      path,
      rule: 'exclusiveMaximum',
      message: `${subject} must be less than ${schema.exclusiveMaximum}`,
    });
  }
}

function checkArray(schema: JsonSchema, list: unknown[], path: string, issues: SchemaIssue[]): void {
  const subject = path || 'value';
  if (schema.minItems !== undefined && list.length < schema.minItems) {
    issues.push({
      path,
      rule: 'minItems',
      message: `${subject} must contain at least ${schema.minItems} elements`,
    });
  }
  if (schema.maxItems !== undefined && list.length > schema.maxItems) {
    issues.push({
      path,
      rule: 'maxItems',
      message: `${subject} must contain no more than ${schema.maxItems} elements`,
    });
  }
  if (schema.uniqueItems && new Set(list.map((item) => JSON.stringify(item))).size !== list.length) {
    issues.push({ path, rule: 'uniqueItems', message: `${subject} must not contain duplicates` });
  }
  if (schema.items) {
    list.forEach((item, index) => collectIssues(schema.items!, item, `${path}[${index}]`, issues));
  }
}

function checkObject(
  schema: JsonSchema,
  object: Record<string, unknown>,
  path: string,
  issues: SchemaIssue[],
): void {
  const prefix = path ? `${path}.` : '';
  const properties = schema.properties ?? {};
  for (const name in properties) {
    if (!Object.hasOwn(properties, name)) continue;
    const value = object[name];
    // `null` counts as absent: clients often send it for a field the user left empty.
    if (value === undefined || value === null) {
      if (schema.required?.includes(name)) {
        issues.push({ path: `${prefix}${name}`, rule: 'required', message: `${prefix}${name} is required` });
      }
      continue;
    }
    collectIssues(properties[name]!, value, `${prefix}${name}`, issues);
  }
  if (schema.additionalProperties === false) {
    for (const name of Object.keys(object)) {
      if (!Object.hasOwn(properties, name)) {
        issues.push({
          path: `${prefix}${name}`,
          rule: 'additionalProperties',
          message: `${prefix}${name} is not an allowed property`,
        });
      }
    }
  }
}

/**
 * Checks a JSON value against a schema made of the keywords Elicitor emits (see `JsonSchema`).
 * Returns every issue found; stops descending into a value whose type is already wrong.
 */
export function checkJsonValue(schema: JsonSchema, value: unknown, path = ''): SchemaIssue[] {
  // A valid value, which most are, is told apart by the schema's predicate; the walk below says what is wrong.
  if (jsonValuePredicateOf(schema)?.(value)) return [];
  const issues: SchemaIssue[] = [];
  collectIssues(schema, value, path, issues);
  return issues;
}

/** Adds the issues of `value` to `issues`: one list for the whole value, not one per level. */
function collectIssues(schema: JsonSchema, value: unknown, path: string, issues: SchemaIssue[]): void {
  const wrongType = typeIssue(schema, value);
  if (wrongType) {
    issues.push({ path, rule: 'type', message: `${path || 'value'} ${wrongType}` });
    return;
  }
  const subject = path || 'value';
  if (!isAllowedChoice(schema, value)) {
    const choices = schema.enum ?? schema.oneOf!.map((option) => option.const);
    issues.push({ path, rule: 'enum', message: `${subject} must be one of: ${describeChoices(choices)}` });
  }
  if (Array.isArray(value)) {
    const itemChoices = schema.items?.anyOf?.map((option) => option.const);
    checkArray(schema, value, path, issues);
    value.forEach((item, index) => {
      if (itemChoices && !itemChoices.includes(item as string)) {
        const itemPath = `${path}[${index}]`;
        issues.push({
          path: itemPath,
          rule: 'enum',
          message: `${itemPath} must be one of: ${describeChoices(itemChoices)}`,
        });
      }
    });
  } else if (typeof value === 'string') {
    checkString(schema, value, path, issues);
  } else if (typeof value === 'number') {
    checkNumber(schema, value, path, issues);
  } else if (schema.type === 'object' && typeof value === 'object' && value !== null) {
    checkObject(schema, value as Record<string, unknown>, path, issues);
  }
}

/** Whether `value` is one of the schema's enum values (`enum` or titled `oneOf`); true without either. */
function isAllowedChoice(schema: JsonSchema, value: unknown): boolean {
  if (schema.enum) return schema.enum.includes(value as string | number);
  if (schema.oneOf) return schema.oneOf.some((option) => option.const === value);
  return true;
}
