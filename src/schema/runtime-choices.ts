import type { PrimitiveSchemaDefinition } from '@modelcontextprotocol/server';
import { SchemaDefinitionError } from '../errors/schema-definition.error.js';
import { EnumSchema } from './enum-schema.js';
import type { MultiSelectEnumOptions, TitledEnumChoices } from './enum-schema.js';
import type { FormSchema } from './form-schema.builder.js';
import type { JsonSchema } from './json-schema.js';

/** The choices of one `runtimeChoices` field: plain values, or titled `{ const, title }` / `{ value: title }`. */
export type FieldChoices = readonly string[] | TitledEnumChoices;

/** Choices by field name, for the fields of a form class that take their choices when asked. */
export type RuntimeChoices<T> = { readonly [K in keyof T]?: FieldChoices };

const runtimeFieldNames = new WeakMap<FormSchema, readonly string[]>();

/** The fields of a built form that take their choices when asked (an empty `enum` marks them). */
export function runtimeChoiceFields(schema: FormSchema): readonly string[] {
  let names = runtimeFieldNames.get(schema);
  if (names === undefined) {
    names = Object.entries(schema.properties)
      .filter(([, property]) => isRuntimeChoice(property as JsonSchema))
      .map(([name]) => name);
    runtimeFieldNames.set(schema, names);
  }
  return names;
}

/**
 * The form with the choices given for its `runtimeChoices` fields, each built into the matching enum
 * shape (untitled or titled, single or multi-select, with the field's title, description and bounds).
 * Every such field needs its choices, and only such fields take them.
 */
export function withRuntimeChoices(
  className: string,
  schema: FormSchema,
  choices: Readonly<Record<string, FieldChoices | undefined>> = {},
): FormSchema {
  const fields = runtimeChoiceFields(schema);
  for (const name of Object.keys(choices)) {
    if (!fields.includes(name)) {
      throw new SchemaDefinitionError(
        className,
        name,
        'was given choices, but it is not a `runtimeChoices` field',
      );
    }
  }
  if (fields.length === 0) return schema;
  const properties: Record<string, PrimitiveSchemaDefinition> = { ...schema.properties };
  for (const name of fields) {
    const given = choices[name];
    if (given === undefined) {
      throw new SchemaDefinitionError(
        className,
        name,
        `takes its choices when asked: withSchema(${className}, { choices: { ${name}: [...] } })`,
      );
    }
    properties[name] = withChoices(properties[name] as JsonSchema, given);
  }
  return { ...schema, properties };
}

function isRuntimeChoice(property: JsonSchema): boolean {
  const values = property.type === 'array' ? property.items?.enum : property.enum;
  return Array.isArray(values) && values.length === 0;
}

function withChoices(property: JsonSchema, choices: FieldChoices): PrimitiveSchemaDefinition {
  const options: { title?: string; description?: string } & Pick<
    MultiSelectEnumOptions,
    'minItems' | 'maxItems'
  > = {};
  if (property.title !== undefined) options.title = property.title;
  if (property.description !== undefined) options.description = property.description;
  const untitled = Array.isArray(choices) && choices.every((choice) => typeof choice === 'string');
  if (property.type !== 'array') {
    return untitled
      ? EnumSchema.untitledSingleSelect(choices as readonly string[], options)
      : EnumSchema.titledSingleSelect(choices as TitledEnumChoices, options);
  }
  if (property.minItems !== undefined) options.minItems = property.minItems;
  if (property.maxItems !== undefined) options.maxItems = property.maxItems;
  return untitled
    ? EnumSchema.untitledMultiSelect(choices as readonly string[], options)
    : EnumSchema.titledMultiSelect(choices as TitledEnumChoices, options);
}
