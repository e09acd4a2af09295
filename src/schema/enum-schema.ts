import type {
  LegacyTitledEnumSchema,
  TitledMultiSelectEnumSchema,
  TitledSingleSelectEnumSchema,
  UntitledMultiSelectEnumSchema,
  UntitledSingleSelectEnumSchema,
} from '@modelcontextprotocol/server';
import type { EnumOption } from '../metadata/field.metadata.js';
import { SchemaDefinitionError } from '../errors/schema-definition.error.js';
import { deepFreeze } from '../shared/deep-freeze.js';
import { enumShapeProblem } from './enum-shape.js';
import type { JsonSchema } from './json-schema.js';
import { checkJsonValue } from './json-value.check.js';

/** Options of a single-select enum. */
export interface SingleSelectEnumOptions {
  title?: string | undefined;
  description?: string | undefined;
  /** Must be one of the values. */
  default?: string | undefined;
}

/** Options of a multi-select enum. */
export interface MultiSelectEnumOptions {
  title?: string | undefined;
  description?: string | undefined;
  /** Each must be one of the values. */
  default?: readonly string[] | undefined;
  minItems?: number | undefined;
  maxItems?: number | undefined;
}

/** Titled choices, as `{ const, title }` pairs or as a `{ value: title }` record. */
export type TitledEnumChoices = readonly EnumOption[] | Readonly<Record<string, string>>;

function toOptions(choices: TitledEnumChoices): EnumOption[] {
  return Array.isArray(choices)
    ? (choices as readonly EnumOption[]).map((option) => ({ const: option.const, title: option.title }))
    : Object.entries(choices).map(([value, title]) => ({ const: value, title }));
}

function finish<T>(
  builder: string,
  schema: JsonSchema & Required<Pick<JsonSchema, 'type'>>,
  options: SingleSelectEnumOptions | MultiSelectEnumOptions,
): T {
  const { title, description, default: defaultValue } = options;
  const { type, ...shape } = schema;
  const full: JsonSchema = {
    type,
    ...(title !== undefined ? { title } : {}),
    ...(description !== undefined ? { description } : {}),
    ...shape,
  };
  if ('minItems' in options && options.minItems !== undefined) full.minItems = options.minItems;
  if ('maxItems' in options && options.maxItems !== undefined) full.maxItems = options.maxItems;
  const problem = enumShapeProblem(full);
  if (problem) throw new SchemaDefinitionError(`EnumSchema.${builder}`, undefined, problem);
  if (defaultValue !== undefined) {
    const issue = checkJsonValue(full, defaultValue, 'default')[0];
    if (issue) throw new SchemaDefinitionError(`EnumSchema.${builder}`, undefined, issue.message);
    full.default = Array.isArray(defaultValue) ? [...(defaultValue as string[])] : (defaultValue as string);
  }
  return deepFreeze(full) as T;
}

/**
 * Builders for the five enum shapes of an elicitation form. Each returns the wire schema (frozen),
 * ready to hand to `@Field()` as is:
 *
 * ```ts
 * @Field(EnumSchema.titledSingleSelect({ dev: 'Development', prod: 'Production' }, { default: 'dev' }))
 * env!: string;
 * @Field(EnumSchema.untitledMultiSelect(['red', 'green', 'blue'], { minItems: 1 }))
 * colors!: string[];
 * ```
 *
 * Values are strings (numeric enums are refused), unique and non-empty; a default must be among them.
 * A bad definition throws `SchemaDefinitionError` at once.
 */
export const EnumSchema = {
  /** `{ type: 'string', enum }`. */
  untitledSingleSelect(
    values: readonly string[],
    options: SingleSelectEnumOptions = {},
  ): UntitledSingleSelectEnumSchema {
    return finish('untitledSingleSelect', { type: 'string', enum: [...values] }, options);
  },

  /** `{ type: 'string', oneOf: [{ const, title }] }`. */
  titledSingleSelect(
    choices: TitledEnumChoices,
    options: SingleSelectEnumOptions = {},
  ): TitledSingleSelectEnumSchema {
    return finish('titledSingleSelect', { type: 'string', oneOf: toOptions(choices) }, options);
  },

  /** `{ type: 'array', items: { type: 'string', enum } }`; the answer is a `string[]`. */
  untitledMultiSelect(
    values: readonly string[],
    options: MultiSelectEnumOptions = {},
  ): UntitledMultiSelectEnumSchema {
    return finish(
      'untitledMultiSelect',
      { type: 'array', items: { type: 'string', enum: [...values] } },
      options,
    );
  },

  /** `{ type: 'array', items: { anyOf: [{ const, title }] } }`; the answer is a `string[]`. */
  titledMultiSelect(
    choices: TitledEnumChoices,
    options: MultiSelectEnumOptions = {},
  ): TitledMultiSelectEnumSchema {
    return finish('titledMultiSelect', { type: 'array', items: { anyOf: toOptions(choices) } }, options);
  },

  /** `{ type: 'string', enum, enumNames }`: the legacy titled shape; prefer `titledSingleSelect`. */
  legacyTitled(
    values: readonly string[],
    names: readonly string[],
    options: SingleSelectEnumOptions = {},
  ): LegacyTitledEnumSchema {
    return finish('legacyTitled', { type: 'string', enum: [...values], enumNames: [...names] }, options);
  },
} as const;
