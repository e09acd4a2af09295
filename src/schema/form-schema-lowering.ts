import type { PrimitiveSchemaDefinition } from '@modelcontextprotocol/server';
import { deepFreeze } from '../shared/deep-freeze.js';
import type { FormSchema } from './form-schema.builder.js';
import { assembleMultiSelects, expandMultiSelect } from './multi-select-lowering.js';
import type { MultiSelectExpansion } from './multi-select-lowering.js';

/** The protocol revisions a form schema can be sent to. */
export type FormProtocolVersion = '2026-07-28' | '2025-11-25' | '2025-06-18';

/** A form as one revision can show it, and how to turn its answer back into the original form's shape. */
export interface LoweredForm {
  readonly schema: FormSchema;
  /** Multi-selects asked as booleans; empty when the schema went as is. */
  readonly expansions: readonly MultiSelectExpansion[];
  /** The answer in the original shape; `problem` when a multi-select's ticks break minItems/maxItems. */
  assemble(content: Record<string, unknown>): { content: Record<string, unknown>; problem?: string };
}

const cache = new WeakMap<FormSchema, LoweredForm>();

function asIs(schema: FormSchema): LoweredForm {
  return { schema, expansions: [], assemble: (content) => ({ content }) };
}

/** 2025-06-18 knows string, number, boolean and one `enum` (+ `enumNames`) shape; only booleans have defaults. */
function lowerTo20250618(property: PrimitiveSchemaDefinition): PrimitiveSchemaDefinition {
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

function buildLowered(schema: FormSchema): LoweredForm {
  const taken = new Set(Object.keys(schema.properties));
  const expansions: MultiSelectExpansion[] = [];
  const properties: Record<string, PrimitiveSchemaDefinition> = {};
  for (const [name, property] of Object.entries(schema.properties)) {
    if (property.type !== 'array') {
      properties[name] = lowerTo20250618(property);
      continue;
    }
    const expanded = expandMultiSelect(name, property, taken);
    expansions.push(expanded.expansion);
    Object.assign(properties, expanded.properties);
  }
  const expandedFields = new Set(expansions.map((expansion) => expansion.field));
  const required = schema.required?.filter((name) => !expandedFields.has(name));
  const lowered: FormSchema = deepFreeze({
    type: 'object',
    properties,
    ...(required && required.length > 0 ? { required } : {}),
  });
  return {
    schema: lowered,
    expansions,
    assemble: (content) => assembleMultiSelects(content, expansions),
  };
}

/**
 * Adapts a 2026-07-28 form to the revision the client speaks. 2025-11-25 takes it as is. 2025-06-18
 * gets titled single selects as `enum` + `enumNames`, loses every non-boolean `default` (the server
 * still applies `@Field` defaults to absent answers), and gets each multi-select as one boolean per
 * option, assembled back into the array by `assemble`. Throws `SchemaLoweringError` for a shape it
 * cannot show. The result is frozen and cached per schema.
 */
export function lowerForm(schema: FormSchema, protocolVersion: FormProtocolVersion): LoweredForm {
  if (protocolVersion !== '2025-06-18') return asIs(schema);
  const cached = cache.get(schema);
  if (cached) return cached;
  const lowered = buildLowered(schema);
  cache.set(schema, lowered);
  return lowered;
}

/** The schema half of `lowerForm`. */
export function lowerFormSchema(schema: FormSchema, protocolVersion: FormProtocolVersion): FormSchema {
  return lowerForm(schema, protocolVersion).schema;
}
