import type { JsonSchema, JsonValue } from './json-schema.js';

/** Deep equality of JSON values; enough to compare two declared defaults. */
export function jsonEqual(left: unknown, right: unknown): boolean {
  if (Array.isArray(left) && Array.isArray(right)) {
    return left.length === right.length && left.every((item, index) => jsonEqual(item, right[index]));
  }
  return Object.is(left, right);
}

/**
 * Turns a declared default or an initial value into the JSON the schema announces. Dates become
 * RFC 3339 text (`date` or `date-time`, as the schema says). Returns `undefined` for no default and
 * `{ problem }` for a value JSON cannot carry.
 */
export function normalizeDefault(
  value: unknown,
  schema: JsonSchema,
): JsonValue | undefined | { problem: string } {
  if (value === undefined || value === null) return undefined;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return { problem: 'default is an invalid Date' };
    const text = value.toISOString();
    return schema.format === 'date' ? text.slice(0, 10) : text;
  }
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    return Number.isFinite(value) ? value : { problem: `default ${value} is not a JSON number` };
  }
  if (Array.isArray(value) && value.every((item) => ['string', 'number', 'boolean'].includes(typeof item))) {
    return [...(value as JsonValue[])];
  }
  return { problem: 'default is not a string, number, boolean or array of those' };
}
