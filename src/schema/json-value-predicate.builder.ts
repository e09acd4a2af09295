import type { JsonSchema } from './json-schema.js';
import { StringFormatChecks } from '../shared/string-formats.js';
import { isRecord } from '../shared/is-record.js';
import { codePointLength, compiledPattern } from './string-rules.js';

/** Whether a value meets every rule of one schema: true exactly when `checkJsonValue` finds no issue. */
export type JsonValuePredicate = (value: unknown) => boolean;

const PASSES: JsonValuePredicate = () => true;

/** Per frozen schema object: its predicate, or false when it cannot have one (not frozen all through). */
const predicates = new WeakMap<object, JsonValuePredicate | false>();

/**
 * The predicate of a schema that is frozen all through (a class's input schema, an interned form), made
 * once from the schema's keywords: most values checked are valid, and deciding that needs no paths, no
 * messages and no walk over keywords a schema does not have. Undefined for a schema that may still change,
 * and for one whose `pattern` does not compile, which the full check reports as it always did.
 */
export function jsonValuePredicateOf(schema: JsonSchema): JsonValuePredicate | undefined {
  // An inline schema, new on every request, is told at once and never enters the cache.
  if (!Object.isFrozen(schema)) return undefined;
  let predicate = predicates.get(schema);
  if (predicate === undefined) {
    predicate = isFrozenThrough(schema) ? tryPredicate(schema) : false;
    predicates.set(schema, predicate);
  }
  return predicate === false ? undefined : predicate;
}

function tryPredicate(schema: JsonSchema): JsonValuePredicate | false {
  try {
    return predicateOf(schema);
  } catch {
    return false;
  }
}

function isFrozenThrough(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  if (!Object.isFrozen(value)) return false;
  for (const child of Object.values(value)) if (!isFrozenThrough(child)) return false;
  return true;
}

/** The same decisions as `collectIssues`, in the same order: type, choices, then the rules of the value's kind. */
function predicateOf(schema: JsonSchema): JsonValuePredicate {
  const hasType = typePredicate(schema);
  const isChoice = choicePredicate(schema);
  const arrayPasses = arrayPredicate(schema);
  const stringPasses = stringPredicate(schema);
  const numberPasses = numberPredicate(schema);
  const objectPasses = schema.type === 'object' ? objectPredicate(schema) : PASSES;
  return (value) => {
    if (!hasType(value) || !isChoice(value)) return false;
    if (Array.isArray(value)) return arrayPasses(value);
    if (typeof value === 'string') return stringPasses(value);
    if (typeof value === 'number') return numberPasses(value);
    if (typeof value === 'object' && value !== null) return objectPasses(value);
    return true;
  };
}

function typePredicate(schema: JsonSchema): JsonValuePredicate {
  switch (schema.type) {
    case 'string':
      return (value) => typeof value === 'string';
    case 'number':
      return (value) => typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return (value) => Number.isInteger(value);
    case 'boolean':
      return (value) => typeof value === 'boolean';
    case 'array':
      return (value) => Array.isArray(value);
    case 'object':
      return isRecord;
    default:
      return PASSES;
  }
}

function choicePredicate(schema: JsonSchema): JsonValuePredicate {
  const { enum: choices, oneOf } = schema;
  if (choices) return (value) => choices.includes(value as string | number);
  if (oneOf) return (value) => oneOf.some((option) => option.const === value);
  return PASSES;
}

function stringPredicate(schema: JsonSchema): JsonValuePredicate {
  const { minLength, maxLength, pattern, format } = schema;
  const counted = minLength !== undefined || maxLength !== undefined;
  const regex = pattern === undefined ? undefined : compiledPattern(pattern);
  const formatCheck = format === undefined ? undefined : StringFormatChecks[format];
  if (!counted && !regex && !formatCheck) return PASSES;
  return (value) => {
    const text = value as string;
    const length = counted ? codePointLength(text) : 0;
    if (minLength !== undefined && length < minLength) return false;
    if (maxLength !== undefined && length > maxLength) return false;
    if (regex && !regex.test(text)) return false;
    return !formatCheck || formatCheck(text);
  };
}

function numberPredicate(schema: JsonSchema): JsonValuePredicate {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema;
  if ([minimum, maximum, exclusiveMinimum, exclusiveMaximum].every((bound) => bound === undefined))
    return PASSES;
  return (value) => {
    const number = value as number;
    if (minimum !== undefined && number < minimum) return false;
    if (maximum !== undefined && number > maximum) return false;
    if (exclusiveMinimum !== undefined && number <= exclusiveMinimum) return false;
    return exclusiveMaximum === undefined || number < exclusiveMaximum;
  };
}

function arrayPredicate(schema: JsonSchema): JsonValuePredicate {
  const { minItems, maxItems, uniqueItems, items } = schema;
  const itemPasses = items === undefined ? undefined : predicateOf(items);
  const itemChoices = items?.anyOf?.map((option) => option.const);
  return (value) => {
    const list = value as unknown[];
    if (minItems !== undefined && list.length < minItems) return false;
    if (maxItems !== undefined && list.length > maxItems) return false;
    if (uniqueItems && new Set(list.map((item) => JSON.stringify(item))).size !== list.length) return false;
    for (const item of list) {
      if (itemPasses && !itemPasses(item)) return false;
      if (itemChoices && !itemChoices.includes(item as string)) return false;
    }
    return true;
  };
}

interface PropertyRule {
  readonly name: string;
  readonly required: boolean;
  readonly passes: JsonValuePredicate;
}

function objectPredicate(schema: JsonSchema): JsonValuePredicate {
  const properties = schema.properties ?? {};
  const rules: PropertyRule[] = Object.keys(properties).map((name) => ({
    name,
    required: schema.required?.includes(name) ?? false,
    passes: predicateOf(properties[name]!),
  }));
  const closed = schema.additionalProperties === false;
  return (value) => {
    const object = value as Record<string, unknown>;
    for (const rule of rules) {
      const field = object[rule.name];
      // `null` counts as absent, as in the full check.
      if (field === undefined || field === null) {
        if (rule.required) return false;
      } else if (!rule.passes(field)) return false;
    }
    if (closed)
      for (const name in object)
        if (Object.hasOwn(object, name) && !Object.hasOwn(properties, name)) return false;
    return true;
  };
}
