import type { ClassType } from '../metadata/class-type.js';
import type { FieldSource } from './class-fields.reader.js';
import { enumShapeFromField, enumShapeProblem, enumValuesFromRule } from './enum-shape.js';
import type { JsonSchema } from './json-schema.js';
import { ValidationRuleSet } from './validation-rule-set.js';
import { EMIT_DECORATOR_METADATA_HINT } from './decorator-metadata-hint.js';

/** What a property holds, decided from explicit declarations only. */
export type FieldKind =
  | { readonly kind: 'string' | 'number' | 'integer' | 'boolean' | 'date' }
  | { readonly kind: 'object'; readonly cls: ClassType }
  | { readonly kind: 'array'; readonly items: FieldKind }
  /** One of the five form enum shapes, from `@Field({ enum })` or `EnumSchema`. */
  | { readonly kind: 'enum'; readonly schema: JsonSchema }
  /** Values from `@IsIn()` / `@IsEnum()`. */
  | { readonly kind: 'values'; readonly values: readonly unknown[] };

/** Reports a definition problem of the property being resolved; never returns. */
export type Fail = (reason: string) => never;

/** The only array a form carries is a multi-select, so that is what an untyped form array is told to be. */
const FORM_ARRAY_HINT =
  "is an array with no element type; a form carries an array only as a multi-select: @Field({ enum: ['a', 'b'], multiple: true })";

// prettier-ignore
const NOT_DESCRIBABLE = new Set<unknown>([Map, Set, WeakMap, WeakSet, Promise, Function, Symbol, BigInt, RegExp]);
// prettier-ignore
const STRING_RULES = ['isString', 'isEmail', 'isUrl', 'isDateString', 'isIso8601', 'isUuid', 'matches', 'isLength'];

/** Typed arrays, Buffer and errors are classes but not data; matched by ancestor name, which works across realms. */
function descendsFromBuiltin(type: unknown): boolean {
  for (let current = type; typeof current === 'function'; current = Object.getPrototypeOf(current)) {
    if (['TypedArray', 'Error', 'ArrayBuffer', 'DataView'].includes(current.name)) return true;
  }
  return false;
}

function nameOf(type: unknown): string {
  return typeof type === 'function' && type.name ? type.name : String(type);
}

function kindOfType(type: unknown, fail: Fail): FieldKind {
  if (type === String) return { kind: 'string' };
  if (type === Number) return { kind: 'number' };
  if (type === Boolean) return { kind: 'boolean' };
  if (type === Date) return { kind: 'date' };
  if (type === Array) return fail('holds arrays of arrays, which are not supported');
  if (type === Object) {
    return fail(
      'reflects as Object (a union such as `string | undefined`, an interface, `any`, or no type annotation); ' +
        'for an optional field write `name?: string` with @IsOptional(), or name the type with ' +
        '@Field({ type: () => String }) or a rule such as @IsString()',
    );
  }
  if (NOT_DESCRIBABLE.has(type) || descendsFromBuiltin(type)) {
    return fail(`has type ${nameOf(type)}, which JSON Schema cannot describe`);
  }
  if (typeof type === 'function' && type.prototype !== undefined) {
    return { kind: 'object', cls: type as ClassType };
  }
  return fail('has a type reference that returns neither a class nor String, Number, Boolean or Date');
}

/** `@IsInt()` makes a number an integer; `@IsIn()`/`@IsEnum()` turn a string or number into choices. */
function refine(kind: FieldKind, rules: ValidationRuleSet, fail: Fail): FieldKind {
  if (kind.kind !== 'string' && kind.kind !== 'number') return kind;
  const enumRule = rules.has('isIn') ? 'isIn' : rules.has('isEnum') ? 'isEnum' : undefined;
  if (enumRule) {
    const values = enumValuesFromRule(enumRule, rules.constraints(enumRule)[0] ?? []);
    const expected = kind.kind === 'string' ? 'string' : 'number';
    if (values.length === 0) fail(`@${enumRule === 'isIn' ? 'IsIn' : 'IsEnum'}() has no values`);
    if (values.some((value) => typeof value !== expected)) {
      fail(`has ${expected} type but its enum values are not all ${expected}s`);
    }
    return { kind: 'values', values };
  }
  return kind.kind === 'number' && rules.has('isInt') ? { kind: 'integer' } : kind;
}

/**
 * A kind from type rules: an array's elements from `{ each: true }` rules (`@IsString({ each: true })`),
 * or a property that reflects as `Object` (`string | undefined`) from its own rules (`@IsString()`).
 */
function kindFromRules(rules: ValidationRuleSet, fail: Fail): FieldKind | undefined {
  if (rules.has('isIn') || rules.has('isEnum')) {
    const values = enumValuesFromRule(
      rules.has('isIn') ? 'isIn' : 'isEnum',
      rules.constraints(rules.has('isIn') ? 'isIn' : 'isEnum')[0] ?? [],
    );
    return refine(
      { kind: values.every((value) => typeof value === 'number') ? 'number' : 'string' },
      rules,
      fail,
    );
  }
  if (STRING_RULES.some((name) => rules.has(name))) return refine({ kind: 'string' }, rules, fail);
  if (rules.has('isInt')) return { kind: 'integer' };
  if (rules.has('isNumber')) return { kind: 'number' };
  if (rules.has('isBoolean')) return { kind: 'boolean' };
  if (rules.has('isDate')) return { kind: 'date' };
  return undefined;
}

function enumKind(source: FieldSource, fail: Fail): FieldKind {
  const field = source.field!;
  if (field.schema && field.enum) fail('gives both an EnumSchema and `enum`; keep one');
  let schema: JsonSchema;
  if (field.schema) {
    schema = structuredClone(field.schema) as JsonSchema;
    const problem = enumShapeProblem(schema);
    if (problem) fail(problem);
  } else {
    const built = enumShapeFromField(field);
    if ('problem' in built) return fail(built.problem);
    schema = built.schema;
  }
  const multiple = schema.type === 'array';
  if (source.designType === Array && !multiple) {
    fail('is an array, but its enum is a single select; add `multiple: true`');
  }
  if (source.designType === String && multiple) fail('is a multi-select, so type the property string[]');
  if (![Array, String, Object, undefined].includes(source.designType as never)) {
    fail(`has enum choices, which are strings, but the property is typed ${nameOf(source.designType)}`);
  }
  return { kind: 'enum', schema };
}

/** An enum whose choices are given when asking: an empty `enum` until then (see runtime-choices). */
function runtimeChoicesKind(source: FieldSource, fail: Fail): FieldKind {
  const field = source.field!;
  if (field.schema || field.enum || field.enumNames) {
    fail('takes its choices when asked (`runtimeChoices`), so it declares no `enum` or EnumSchema');
  }
  const multiple = field.multiple === true || source.designType === Array;
  if (multiple && source.designType === String) fail('is a multi-select, so type the property string[]');
  const schema: JsonSchema = multiple
    ? { type: 'array', items: { type: 'string', enum: [] } }
    : { type: 'string', enum: [] };
  return { kind: 'enum', schema };
}

/**
 * Decides what a property holds, from (in order) `@Field` enum options, `@Field({ type | items })`,
 * class-transformer's `@Type()`, then `design:type`, refined by class-validator type rules.
 * Anything that reflects as `Object` is refused: explicit types only, never a guess.
 */
export function resolveFieldKind(source: FieldSource, fail: Fail, forForm = false): FieldKind {
  const { field, designType } = source;
  const direct = new ValidationRuleSet(source.rules, false);
  const each = new ValidationRuleSet(source.rules, true);

  if (field?.runtimeChoices) return runtimeChoicesKind(source, fail);
  if (field?.schema || field?.enum) return enumKind(source, fail);
  if (field?.multiple || field?.enumNames) fail('`multiple` and `enumNames` need `enum` choices');
  if (field?.type && field.items) fail('gives both `type` and `items`; use `items` for arrays');
  if (field?.items) {
    if (designType !== Array && designType !== Object && designType !== undefined) {
      fail('has `items` but is not an array');
    }
    return { kind: 'array', items: refine(kindOfType(field.items(), fail), each, fail) };
  }
  if (field?.type) {
    if (designType === Array)
      fail(
        forForm ? FORM_ARRAY_HINT : 'is an array; declare its elements with @Field({ items: () => String })',
      );
    return refine(kindOfType(field.type(), fail), direct, fail);
  }
  if (source.transformerType) {
    if (source.transformerType.discriminated) {
      fail('uses @Type() with a discriminator (a union of classes), which is not supported');
    }
    const type = source.transformerType.resolve();
    if (designType === Array) return { kind: 'array', items: refine(kindOfType(type, fail), each, fail) };
    return refine(kindOfType(type, fail), direct, fail);
  }
  if (designType === undefined) {
    fail(`has no design:type: ${EMIT_DECORATOR_METADATA_HINT}, or declare @Field({ type: () => X })`);
  }
  if (designType === Array) {
    const items = kindFromRules(each, fail);
    if (!items) {
      fail(
        forForm
          ? FORM_ARRAY_HINT
          : 'is an array with no element type; add @Field({ items: () => String }) (or the element class), ' +
              'or an element rule such as @IsString({ each: true })',
      );
    }
    return { kind: 'array', items };
  }
  // `name?: string | undefined` reflects as Object; a type rule the developer wrote says what it holds.
  if (designType === Object) return kindFromRules(direct, fail) ?? kindOfType(designType, fail);
  return refine(kindOfType(designType, fail), direct, fail);
}
