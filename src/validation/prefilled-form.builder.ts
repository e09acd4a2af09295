import type { PrimitiveSchemaDefinition } from '@modelcontextprotocol/server';
import type { FormSchema } from '../schema/form-schema.builder.js';
import { isRecord } from '../shared/is-record.js';
import type { ValidationIssue } from './validation-outcome.js';

/**
 * The form asked again after an answer was refused, with each field the person got right given back as
 * its `default`, so only the refused fields need typing again. A field any issue names (itself or
 * inside it) keeps the form's own default, or none; with no issue list (the refusal did not say which
 * field) or an issue about the whole answer, the form goes as it was.
 */
export function prefilledForm(
  schema: FormSchema,
  answer: unknown,
  issues: readonly ValidationIssue[] | undefined,
): FormSchema {
  if (!isRecord(answer) || !issues || issues.some((issue) => fieldOf(issue.path) === '')) return schema;
  const refused = new Set(issues.map((issue) => fieldOf(issue.path)));
  let properties: Record<string, PrimitiveSchemaDefinition> | undefined;
  for (const [name, property] of Object.entries(schema.properties)) {
    if (refused.has(name) || !Object.hasOwn(answer, name)) continue;
    const value = answer[name];
    if (value === null || value === undefined) continue;
    properties ??= { ...schema.properties };
    properties[name] = { ...property, default: structuredClone(value) } as PrimitiveSchemaDefinition;
  }
  return properties ? { ...schema, properties } : schema;
}

/** `email` for `email`, `tags[1]` and `address.city`; the empty string for the answer as a whole. */
function fieldOf(path: string): string {
  return /^[^.[]*/.exec(path)![0];
}
