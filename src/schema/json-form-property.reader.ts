import { isRecord } from '../shared/is-record.js';
import type { JsonSchema } from './json-schema.js';

/** Keywords a schema library adds that say nothing a form field needs. */
const DROPPED = ['$schema', 'additionalProperties', '$id'];

/** `{ const: 'x', title?: 'X' }`, as libraries write one titled choice (with `type: 'string'` at times). */
function choiceOf(branch: unknown): { const: string; title?: string } | undefined {
  if (!isRecord(branch) || typeof branch.const !== 'string') return undefined;
  const extra = Object.keys(branch).find((key) => !['const', 'title', 'type', 'description'].includes(key));
  if (extra !== undefined || (branch.type !== undefined && branch.type !== 'string')) return undefined;
  return typeof branch.title === 'string'
    ? { const: branch.const, title: branch.title }
    : { const: branch.const };
}

/**
 * A union whose every branch is one string constant, as the form subset writes a choice: titled
 * (`oneOf` single-select, `anyOf` multi-select items) or, without titles, a plain `enum`.
 */
function choicesOf(branches: unknown, titledAs: 'oneOf' | 'anyOf'): Record<string, unknown> | undefined {
  if (!Array.isArray(branches) || branches.length === 0) return undefined;
  const choices = branches.map(choiceOf);
  if (choices.some((choice) => choice === undefined)) return undefined;
  const all = choices as { const: string; title?: string }[];
  if (all.every((choice) => choice.title === undefined)) {
    return { type: 'string', enum: all.map((choice) => choice.const) };
  }
  const titled = all.map((choice) => ({ const: choice.const, title: choice.title ?? choice.const }));
  return titledAs === 'oneOf' ? { type: 'string', oneOf: titled } : { anyOf: titled };
}

/** An enum of strings with no `type` (ArkType writes them so) gets `type: "string"`. */
function typedEnum(schema: Record<string, unknown>): Record<string, unknown> {
  const values = schema.enum;
  const allStrings = Array.isArray(values) && values.every((value) => typeof value === 'string');
  return schema.type === undefined && allStrings ? { type: 'string', ...schema } : schema;
}

/**
 * The `pattern` a property writes beside a string `format` (zod's `z.iso.date()` does): the client is sent
 * the format alone, so a hand-written form's pattern is checked on the server instead.
 */
export function formatPattern(property: unknown): string | undefined {
  if (!isRecord(property) || property.type !== 'string' || typeof property.format !== 'string')
    return undefined;
  return typeof property.pattern === 'string' ? property.pattern : undefined;
}

/**
 * One property of a JSON Schema form (written by hand, or by a library's converter) in the keywords the
 * protocol's form subset has: library-only keywords dropped, a `pattern` that only restates a `format`
 * dropped (zod writes one for `z.iso.date()`), unions of string constants written as the subset's
 * choices, and string enums typed. What is left is then checked like any form field.
 */
export function readJsonFormProperty(property: unknown): JsonSchema {
  if (!isRecord(property)) return property as JsonSchema;
  let schema: Record<string, unknown> = { ...property };
  for (const key of DROPPED) delete schema[key];
  if (typeof schema.format === 'string' && schema.type === 'string') delete schema.pattern;
  for (const union of ['anyOf', 'oneOf'] as const) {
    const choices = schema[union] === undefined ? undefined : choicesOf(schema[union], 'oneOf');
    if (!choices) continue;
    delete schema[union];
    if (schema.type === 'string') delete schema.type;
    schema = { ...choices, ...schema };
  }
  schema = typedEnum(schema);
  if (schema.type === 'array' && isRecord(schema.items)) {
    const items: Record<string, unknown> = { ...schema.items };
    for (const key of DROPPED) delete items[key];
    const choices = items.anyOf !== undefined ? choicesOf(items.anyOf, 'anyOf') : undefined;
    schema.items = choices ?? typedEnum(items);
  }
  return schema as JsonSchema;
}
