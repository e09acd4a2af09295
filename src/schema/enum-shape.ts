import type { EnumOption, FieldMetadata } from '../metadata/field.metadata.js';
import type { JsonSchema } from './json-schema.js';

/** A built enum shape, or why it cannot be built. */
export type EnumShapeResult = { schema: JsonSchema } | { problem: string };

function isEnumOption(value: unknown): value is EnumOption {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as EnumOption).const === 'string' &&
    typeof (value as EnumOption).title === 'string'
  );
}

function valuesProblem(values: readonly unknown[]): string | undefined {
  if (values.length === 0) return 'an enum needs at least one value';
  if (values.some((value) => typeof value === 'number')) {
    return 'numeric enums are not supported; forms carry string choices only, so use string values';
  }
  if (values.some((value) => typeof value !== 'string')) return 'enum values must be strings';
  if (new Set(values).size !== values.length) return 'enum values must be unique';
  return undefined;
}

function itemBoundsProblem(schema: JsonSchema): string | undefined {
  const { minItems, maxItems } = schema;
  for (const bound of [minItems, maxItems]) {
    if (bound !== undefined && (!Number.isInteger(bound) || bound < 0)) {
      return 'minItems/maxItems must be whole numbers ≥ 0';
    }
  }
  if (minItems !== undefined && maxItems !== undefined && minItems > maxItems) {
    return 'minItems is greater than maxItems';
  }
  return undefined;
}

/** Checks the values of one of the five enum shapes (not its default: that is checked with the field). */
export function enumShapeProblem(schema: JsonSchema): string | undefined {
  if (schema.type === 'array') {
    const items = schema.items;
    const values = items?.enum ?? items?.anyOf;
    if (!items || !values) return 'a multi-select needs `items` with `enum` or `anyOf` options';
    const consts = items.anyOf
      ? items.anyOf.map((option) => (isEnumOption(option) ? option.const : option))
      : values;
    if (items.anyOf && !items.anyOf.every(isEnumOption)) {
      return 'titled options must be { const, title } strings';
    }
    return valuesProblem(consts) ?? itemBoundsProblem(schema);
  }
  if (schema.type !== 'string') {
    return 'an enum must have type "string" (single select) or "array" (multi-select)';
  }
  if (schema.oneOf) {
    if (!schema.oneOf.every(isEnumOption)) return 'titled options must be { const, title } strings';
    return valuesProblem(schema.oneOf.map((option) => option.const));
  }
  if (!schema.enum) return 'an enum needs `enum` or `oneOf` options';
  if (schema.enumNames && schema.enumNames.length !== schema.enum.length) {
    return 'enumNames must have one name per enum value';
  }
  return valuesProblem(schema.enum);
}

/** Turns `@Field({ enum, multiple, enumNames })` into one of the five shapes. */
export function enumShapeFromField(field: FieldMetadata): EnumShapeResult {
  const choices: readonly unknown[] = field.enum ?? [];
  const titled = choices.length > 0 && choices.every(isEnumOption);
  if (!titled && choices.some(isEnumOption)) {
    return { problem: 'enum mixes plain values and { const, title } options' };
  }
  if (field.enumNames && (titled || field.multiple)) {
    return {
      problem: 'enumNames only goes with plain values of a single select; use { const, title } options',
    };
  }
  const options = titled
    ? (choices as EnumOption[]).map((option) => ({ const: option.const, title: option.title }))
    : [];
  const values = titled ? [] : [...(choices as string[])];

  let schema: JsonSchema;
  if (field.multiple) {
    schema = { type: 'array', items: titled ? { anyOf: options } : { type: 'string', enum: values } };
  } else if (titled) {
    schema = { type: 'string', oneOf: options };
  } else {
    schema = field.enumNames
      ? { type: 'string', enum: values, enumNames: [...field.enumNames] }
      : { type: 'string', enum: values };
  }
  const problem = enumShapeProblem(schema);
  return problem ? { problem } : { schema };
}

/** `@IsIn(values)` or `@IsEnum(Enum)` values; a TypeScript numeric enum yields its numbers only. */
export function enumValuesFromRule(ruleName: 'isIn' | 'isEnum', constraints: readonly unknown[]): unknown[] {
  if (ruleName === 'isIn') return Array.isArray(constraints[0]) ? [...(constraints[0] as unknown[])] : [];
  const entity = constraints[0];
  if (typeof entity !== 'object' || entity === null) return [];
  const values = Object.values(entity as Record<string, unknown>);
  // Numeric enums also map each number back to its name; those names are not values.
  return values.some((value) => typeof value === 'number')
    ? values.filter((value) => typeof value === 'number')
    : values;
}
