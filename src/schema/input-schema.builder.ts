import type { ClassType } from '../metadata/class-type.js';
import { buildClassModel } from './class-model.builder.js';
import { SchemaDefinitionError } from '../errors/schema-definition.error.js';
import { deepFreeze } from '../shared/deep-freeze.js';
import type { JsonSchemaObject } from './json-schema.js';

const cache = new WeakMap<ClassType, JsonSchemaObject>();

/**
 * A tool's `inputSchema` from its `@Args()` class: JSON Schema 2020-12 (the MCP default dialect, so
 * no `$schema`), `additionalProperties: false` at every level. Built once per class and frozen.
 *
 * - Nested classes (`@ValidateNested() @Type(() => X)`, `@Field({ type: () => X })`, or a class
 *   `design:type`) are inlined, not put in `$defs`; a class nested inside itself is refused.
 * - Arrays need an element type: `@Field({ items: () => X })`, `@Type(() => X)`, or an element rule
 *   such as `@IsString({ each: true })`.
 * - Same keyword mapping as `buildFormSchema`, plus `pattern` (`@Matches` without flags, or
 *   `@Field({ pattern })`), `uuid` format, exclusive bounds, `uniqueItems`, and numeric enums.
 * - Un-annotated or union (`Object`) properties throw `SchemaDefinitionError` naming `Class.property`.
 */
export function buildInputSchema(cls: ClassType): JsonSchemaObject {
  const cached = cache.get(cls);
  if (cached) return cached;
  const model = buildClassModel(cls, 'input');
  const runtime = model.fields.find((field) => field.runtimeChoices);
  if (runtime) {
    throw new SchemaDefinitionError(
      cls.name,
      runtime.name,
      'has `runtimeChoices`, which only forms have: tool arguments are listed before any call',
    );
  }
  const schema = deepFreeze(structuredClone(model.objectSchema));
  cache.set(cls, schema);
  return schema;
}
