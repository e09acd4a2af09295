import type { ClassType } from '../metadata/class-type.js';
import type { FieldMetadata } from '../metadata/field.metadata.js';
import { SchemaDefinitionError } from '../errors/schema-definition.error.js';
import type { FieldSource } from './class-fields.reader.js';
import { jsonEqual, normalizeDefault } from './default-value.js';
import { resolveFieldKind, type Fail, type FieldKind } from './field-kind-resolver.js';
import { checkJsonValue } from './json-value.check.js';
import type { JsonSchema, JsonValue } from './json-schema.js';
import { ValidationRuleSet } from './validation-rule-set.js';

/** `form`: the flat 2026-07-28 elicitation subset. `input`: a tool's full JSON Schema. */
export type SchemaMode = 'form' | 'input';

export interface MapperContext {
  readonly mode: SchemaMode;
  /** The inline schema of a nested class (input mode only). */
  readonly nestedSchema: (cls: ClassType, fail: Fail) => JsonSchema;
}

/** One property, ready for the wire and for turning answers into instances. */
export interface FieldModel {
  readonly name: string;
  readonly schema: JsonSchema;
  readonly optional: boolean;
  /** What class-transformer must build the value (or each element) as: a nested class or `Date`. */
  readonly convertTo?: ClassType;
  /** A `@Field({ default })` with no initializer; filled in when the value is absent. */
  readonly fillDefault?: JsonValue;
  /** The choices are given when asking (`@Field({ runtimeChoices: true })`); forms only. */
  readonly runtimeChoices?: true;
}

const FORMAT_RULES: readonly [string, string][] = [
  ['isEmail', 'email'],
  ['isUrl', 'uri'],
  ['isDateString', 'date-time'],
  ['isIso8601', 'date-time'],
  ['isUuid', 'uuid'],
];
const FORM_FORMATS = new Set(['email', 'uri', 'date', 'date-time']);

type Bound = 'minLength' | 'maxLength' | 'minimum' | 'maximum' | 'minItems' | 'maxItems';

/** Sets the strictest of the bounds the rules give; with none, the key stays absent rather than undefined. */
function setStrictest(
  schema: JsonSchema,
  key: Bound,
  values: number[],
  pick: (...values: number[]) => number,
): void {
  if (values.length > 0) schema[key] = pick(...values);
}

function applyStringRules(
  schema: JsonSchema,
  rules: ValidationRuleSet,
  field: FieldMetadata | undefined,
  mode: SchemaMode,
  fail: Fail,
): void {
  const minimums = [
    ...rules.numbers('isLength', 0),
    ...rules.numbers('minLength'),
    ...(rules.has('isNotEmpty') ? [1] : []),
  ];
  const maximums = [...rules.numbers('isLength', 1), ...rules.numbers('maxLength')];
  setStrictest(schema, 'minLength', minimums, Math.max);
  setStrictest(schema, 'maxLength', maximums, Math.min);

  const implied = FORMAT_RULES.find(([rule]) => rules.has(rule))?.[1];
  const format = field?.format ?? implied;
  // A validator-implied format the form cannot carry (uuid) stays a server-side check only.
  if (format && (mode === 'input' || FORM_FORMATS.has(format))) schema.format = format;

  if (field?.pattern !== undefined) {
    if (mode === 'form') {
      fail(
        'has a `pattern`, which elicitation forms cannot carry; use @Matches(), which is checked on the answer',
      );
    }
    try {
      new RegExp(field.pattern, 'u');
    } catch {
      fail(`has a \`pattern\` that is not a valid regular expression: ${field.pattern}`);
    }
    schema.pattern = field.pattern;
  } else if (mode === 'input' && rules.has('matches')) {
    const [pattern, modifiers] = rules.constraints('matches')[0]!;
    // Flags have no JSON Schema spelling; such a rule stays a server-side check only.
    if (pattern instanceof RegExp && pattern.flags === '' && !modifiers) schema.pattern = pattern.source;
    if (typeof pattern === 'string' && !modifiers) schema.pattern = pattern;
  }
}

function applyNumberRules(schema: JsonSchema, rules: ValidationRuleSet, mode: SchemaMode): void {
  const integer = schema.type === 'integer';
  const minimums = rules.numbers('min');
  const maximums = rules.numbers('max');
  if (rules.has('isPositive') && integer) minimums.push(1);
  if (rules.has('isNegative') && integer) maximums.push(-1);
  setStrictest(schema, 'minimum', minimums, Math.max);
  setStrictest(schema, 'maximum', maximums, Math.min);
  // Forms have no exclusive bounds; there the rule stays a server-side check only.
  if (mode === 'form' || integer) return;
  if (rules.has('isPositive') && !(schema.minimum! > 0)) schema.exclusiveMinimum = 0;
  if (rules.has('isNegative') && !(schema.maximum! < 0)) schema.exclusiveMaximum = 0;
}

function applyArrayRules(
  schema: JsonSchema,
  rules: ValidationRuleSet,
  field: FieldMetadata | undefined,
  mode: SchemaMode,
): void {
  const minimums = [...rules.numbers('arrayMinSize'), ...(rules.has('arrayNotEmpty') ? [1] : [])];
  const maximums = rules.numbers('arrayMaxSize');
  for (const [list, value] of [
    [minimums, field?.minItems ?? schema.minItems],
    [maximums, field?.maxItems ?? schema.maxItems],
  ] as const) {
    if (value !== undefined) list.push(value);
  }
  setStrictest(schema, 'minItems', minimums, Math.max);
  setStrictest(schema, 'maxItems', maximums, Math.min);
  if (mode === 'input' && rules.has('arrayUnique')) schema.uniqueItems = true;
}

function valuesSchema(values: readonly unknown[], mode: SchemaMode, fail: Fail): JsonSchema {
  if (values.every((value) => typeof value === 'string')) {
    return { type: 'string', enum: [...(values as string[])] };
  }
  if (mode === 'form') fail('has a numeric enum; forms carry string choices only, so use string values');
  const numbers = values as number[];
  return { type: numbers.every(Number.isInteger) ? 'integer' : 'number', enum: [...numbers] };
}

const NO_RULES = new ValidationRuleSet([], false);

function schemaForKind(
  kind: FieldKind,
  rules: ValidationRuleSet,
  elementRules: ValidationRuleSet,
  field: FieldMetadata | undefined,
  context: MapperContext,
  fail: Fail,
): JsonSchema {
  const { mode } = context;
  switch (kind.kind) {
    case 'string': {
      const schema: JsonSchema = { type: 'string' };
      applyStringRules(schema, rules, field, mode, fail);
      return schema;
    }
    case 'date': {
      const format = field?.format ?? 'date-time';
      if (format !== 'date' && format !== 'date-time') {
        fail(`is a Date, so its format must be date or date-time, not ${format}`);
      }
      return { type: 'string', format };
    }
    case 'number':
    case 'integer': {
      const schema: JsonSchema = { type: kind.kind };
      applyNumberRules(schema, rules, mode);
      return schema;
    }
    case 'boolean':
      return { type: 'boolean' };
    case 'values':
      return valuesSchema(kind.values, mode, fail);
    case 'enum':
      return kind.schema;
    case 'object':
      if (mode === 'form') {
        fail(
          `is a nested object (${kind.cls.name}); an elicitation form is flat, so ask for its fields one by one`,
        );
      }
      return context.nestedSchema(kind.cls, fail);
    case 'array': {
      const items = schemaForKind(kind.items, elementRules, NO_RULES, undefined, context, fail);
      if (mode === 'form' && !(items.type === 'string' && items.enum)) {
        fail('is an array; an elicitation form only carries arrays as enum multi-selects (string choices)');
      }
      return { type: 'array', items };
    }
  }
}

function withoutUnset(schema: JsonSchema): JsonSchema {
  return Object.fromEntries(Object.entries(schema).filter(([, value]) => value !== undefined)) as JsonSchema;
}

function convertTarget(kind: FieldKind): ClassType | undefined {
  if (kind.kind === 'date') return Date;
  if (kind.kind === 'object') return kind.cls;
  if (kind.kind === 'array') return convertTarget(kind.items);
  return undefined;
}

/** Resolves defaults from `@Field({ default })` / an EnumSchema and from the initializer; they must agree. */
function resolveDefault(
  source: FieldSource,
  schema: JsonSchema,
  fail: Fail,
): { value?: JsonValue; fill?: JsonValue } {
  const field = source.field;
  const declaredInField = field?.default !== undefined ? normalizeDefault(field.default, schema) : undefined;
  const declaredInSchema = field?.schema?.default;
  const initial = normalizeDefault(source.initialValue, schema);
  for (const candidate of [declaredInField, initial]) {
    if (candidate !== null && typeof candidate === 'object' && 'problem' in candidate) {
      fail(String(candidate.problem));
    }
  }
  const declared = (declaredInField ?? declaredInSchema) as JsonValue | undefined;
  if (
    declaredInField !== undefined &&
    declaredInSchema !== undefined &&
    !jsonEqual(declaredInField, declaredInSchema)
  ) {
    fail(
      `has two defaults: @Field({ default: ${JSON.stringify(declaredInField)} }) and the EnumSchema's ${JSON.stringify(declaredInSchema)}`,
    );
  }
  if (declared !== undefined && initial !== undefined && !jsonEqual(declared, initial)) {
    fail(
      `has two defaults: @Field ${JSON.stringify(declared)} and the initializer ${JSON.stringify(initial)}; keep one`,
    );
  }
  const value = declared ?? (initial as JsonValue | undefined);
  if (value === undefined) return {};
  const issue = checkJsonValue(schema, value, source.name)[0];
  if (issue) fail(`has default ${JSON.stringify(value)}, which breaks its own rules: ${issue.message}`);
  return { value, ...(initial === undefined ? { fill: value } : {}) };
}

/** Maps one property to its JSON Schema, refusing (with `Class.property: reason`) what the mode cannot carry. */
export function mapField(className: string, source: FieldSource, context: MapperContext): FieldModel {
  const fail: Fail = (reason) => {
    throw new SchemaDefinitionError(className, source.name, reason);
  };
  const field = source.field;
  const kind = resolveFieldKind(source, fail, context.mode === 'form');
  const rules = new ValidationRuleSet(source.rules, false);
  let schema = schemaForKind(kind, rules, new ValidationRuleSet(source.rules, true), field, context, fail);

  if (field?.format !== undefined && schema.type !== 'string') fail('has a `format` but is not a string');
  if (field?.pattern !== undefined && schema.type !== 'string') fail('has a `pattern` but is not a string');
  const isArray = schema.type === 'array';
  if (!isArray && (field?.minItems !== undefined || field?.maxItems !== undefined)) {
    fail('has minItems/maxItems but is not an array');
  }
  if (isArray) applyArrayRules(schema, rules, field, context.mode);

  const title = field?.title ?? schema.title;
  const description = field?.description ?? schema.description;
  schema = withoutUnset({
    ...schema,
    ...(title !== undefined ? { title } : {}),
    ...(description !== undefined ? { description } : {}),
  });
  const objectLike = kind.kind === 'object' || (kind.kind === 'array' && kind.items.kind === 'object');
  const { value, fill } = objectLike ? {} : resolveDefault(source, schema, fail);
  if (value !== undefined) schema.default = value;

  const convertTo = convertTarget(kind);
  return {
    name: source.name,
    schema,
    // With a default the server always has a value, so the client need not send one; @IsDefined() insists.
    optional:
      rules.allowsAbsence || field?.optional === true || (value !== undefined && !rules.has('isDefined')),
    ...(convertTo ? { convertTo } : {}),
    ...(fill !== undefined ? { fillDefault: fill } : {}),
    ...(field?.runtimeChoices ? { runtimeChoices: true as const } : {}),
  };
}
