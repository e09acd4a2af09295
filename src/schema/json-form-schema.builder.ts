import type { PrimitiveSchemaDefinition } from '@modelcontextprotocol/server';
import { SchemaDefinitionError } from '../errors/schema-definition.error.js';
import { isRecord } from '../shared/is-record.js';
import type { FormSchema } from './form-schema.builder.js';
import { primitiveSchemaProblem } from './form-subset.check.js';
import { formatPattern, readJsonFormProperty } from './json-form-property.reader.js';
import type { JsonSchema } from './json-schema.js';
import { internFormSchema } from './interned-form-schema.js';

/** Keywords of a form's root object that carry nothing the protocol's `requestedSchema` has. */
const ROOT_KEYS = new Set([
  '$schema',
  '$id',
  'type',
  'properties',
  'required',
  'additionalProperties',
  'title',
  'description',
]);

const REGEX_PROBLEM =
  'has a `pattern` (a regex), which the client cannot check: check it in a refinement the server runs instead';

/** Why a property cannot be a flat form field, in the words a schema library's user knows. */
function fieldProblem(schema: JsonSchema & Record<string, unknown>): string | undefined {
  if (Object.keys(schema).every((key) => key === 'title' || key === 'description')) {
    return 'has no JSON type a form field can have (a Date is asked as a `date` string)';
  }
  if (schema.type === 'object' || schema.properties !== undefined)
    return 'a nested object cannot be a form field';
  // What is left of a union once string choices became `oneOf` is one the form subset cannot ask.
  const union = schema.anyOf !== undefined || (schema.oneOf !== undefined && schema.type !== 'string');
  if (union || Array.isArray(schema.type))
    return 'a union other than an enum of strings cannot be a form field';
  if (schema.pattern !== undefined) {
    return REGEX_PROBLEM;
  }
  return primitiveSchemaProblem(schema);
}

/**
 * A form's `requestedSchema` from a JSON Schema object, written by hand or by a library's converter:
 * each property cleaned to the protocol's keywords (see `readJsonFormProperty`) and checked against
 * the same flat-form rules as an `@ElicitSchema()` class. Throws one `SchemaDefinitionError` naming
 * `formName.property` for every field that cannot be asked. The result is interned.
 */
export function buildJsonFormSchema(json: Record<string, unknown>, formName: string): FormSchema {
  if (json.type !== 'object' || !isRecord(json.properties)) {
    throw new SchemaDefinitionError(formName, undefined, 'a form must be an object schema with `properties`');
  }
  const extra = Object.keys(json).find((key) => !ROOT_KEYS.has(key));
  if (extra !== undefined) {
    throw new SchemaDefinitionError(formName, undefined, `\`${extra}\` cannot be part of a flat form`);
  }
  const errors: SchemaDefinitionError[] = [];
  const properties: Record<string, PrimitiveSchemaDefinition> = {};
  for (const [name, raw] of Object.entries(json.properties)) {
    const schema = readJsonFormProperty(raw);
    const problem = isRecord(schema)
      ? fieldProblem(schema as JsonSchema & Record<string, unknown>)
      : 'is not a schema';
    if (problem) errors.push(new SchemaDefinitionError(formName, name, problem));
    else properties[name] = schema as PrimitiveSchemaDefinition;
  }
  if (errors.length > 0) throw SchemaDefinitionError.listing(formName, errors);
  const required = Array.isArray(json.required)
    ? json.required.filter((name): name is string => typeof name === 'string' && name in properties)
    : [];
  return internFormSchema({
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
  });
}

/**
 * The patterns `buildJsonFormSchema` left off the wire because they sat beside a `format`, by property:
 * what the server still checks on a hand-written form's answers.
 */
export function formatPatternsOf(json: Record<string, unknown>): Record<string, string> {
  const properties = isRecord(json.properties) ? json.properties : {};
  const patterns: Record<string, string> = {};
  for (const [name, property] of Object.entries(properties)) {
    const pattern = formatPattern(property);
    if (pattern !== undefined) patterns[name] = pattern;
  }
  return patterns;
}

/**
 * One field of a hand-written form (`withRequired(name, schema)`), checked the same way; a `pattern` is
 * refused even beside a `format`, since no server-side rule is kept for one field.
 */
export function buildJsonFormField(formName: string, name: string, raw: unknown): PrimitiveSchemaDefinition {
  if (formatPattern(raw) !== undefined) {
    throw new SchemaDefinitionError(formName, name, REGEX_PROBLEM);
  }
  const schema = readJsonFormProperty(raw);
  const problem = isRecord(schema)
    ? fieldProblem(schema as JsonSchema & Record<string, unknown>)
    : 'is not a schema';
  if (problem) throw new SchemaDefinitionError(formName, name, problem);
  return schema as PrimitiveSchemaDefinition;
}
