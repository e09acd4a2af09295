import type { PrimitiveSchemaDefinition } from '@modelcontextprotocol/server';
import { SchemaLoweringError } from '../errors/schema-lowering.error.js';
import { deepFreeze } from './deep-freeze.js';
import type { FormSchema } from './form-schema.builder.js';

/** The protocol revisions a form schema can be sent to. */
export type FormProtocolVersion = '2026-07-28' | '2025-11-25' | '2025-06-18';

const cache = new WeakMap<FormSchema, FormSchema>();

/** 2025-06-18 knows string, number, boolean and one `enum` (+ `enumNames`) shape; only booleans have defaults. */
function lowerTo20250618(name: string, property: PrimitiveSchemaDefinition): PrimitiveSchemaDefinition {
  if (property.type === 'array') {
    throw new SchemaLoweringError(
      name,
      '2025-06-18',
      'multi-select enums arrived in 2025-11-25; ask with a single select or booleans',
    );
  }
  if (property.type === 'boolean') return { ...property };
  const withoutDefault = { ...property };
  delete withoutDefault.default;
  if ('oneOf' in withoutDefault) {
    const { oneOf, ...rest } = withoutDefault;
    return {
      ...rest,
      enum: oneOf.map((option) => option.const),
      enumNames: oneOf.map((option) => option.title),
    };
  }
  return withoutDefault;
}

/**
 * Adapts a 2026-07-28 form schema to the revision the client speaks. 2025-11-25 takes it as is.
 * 2025-06-18 gets titled single selects as `enum` + `enumNames`, loses every non-boolean `default`
 * (the server still applies `@Field` defaults to absent answers), and refuses multi-selects with a
 * `SchemaLoweringError`. The result is frozen and cached per schema.
 */
export function lowerFormSchema(schema: FormSchema, protocolVersion: FormProtocolVersion): FormSchema {
  if (protocolVersion !== '2025-06-18') return schema;
  const cached = cache.get(schema);
  if (cached) return cached;
  const lowered: FormSchema = deepFreeze({
    ...schema,
    properties: Object.fromEntries(
      Object.entries(schema.properties).map(([name, property]) => [name, lowerTo20250618(name, property)]),
    ),
    ...(schema.required ? { required: [...schema.required] } : {}),
  });
  cache.set(schema, lowered);
  return lowered;
}
