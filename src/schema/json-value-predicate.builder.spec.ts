import { describe, expect, it } from '@jest/globals';
import { deepFreeze } from '../shared/deep-freeze.js';
import type { JsonSchema } from './json-schema.js';
import { checkJsonValue } from './json-value.check.js';
import { jsonValuePredicateOf } from './json-value-predicate.builder.js';

const SCHEMAS: Record<string, JsonSchema> = {
  untyped: {},
  string: { type: 'string' },
  lengths: { type: 'string', minLength: 2, maxLength: 3 },
  pattern: { type: 'string', pattern: '^\\d+$' },
  email: { type: 'string', format: 'email' },
  unknownFormat: { type: 'string', format: 'colour' },
  number: { type: 'number', minimum: 1, maximum: 5 },
  exclusive: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
  integer: { type: 'integer', minimum: 0 },
  boolean: { type: 'boolean' },
  untypedBounds: { minimum: 3, minLength: 2 },
  enum: { type: 'string', enum: ['a', 'b'] },
  numberEnum: { type: 'number', enum: [1, 2] },
  titled: { type: 'string', oneOf: [{ const: 'x', title: 'X' }] },
  multi: { type: 'array', minItems: 1, maxItems: 2, items: { type: 'string', enum: ['a', 'b'] } },
  titledMulti: { type: 'array', items: { anyOf: [{ const: 'a', title: 'A' }] } },
  unique: { type: 'array', uniqueItems: true },
  untypedObject: { properties: { a: { type: 'string' } }, required: ['a'] },
  form: {
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 1 },
      age: { type: 'integer', minimum: 0 },
      tags: { type: 'array', items: { type: 'string' } },
      address: {
        type: 'object',
        properties: { city: { type: 'string' } },
        required: ['city'],
        additionalProperties: false,
      },
    },
    required: ['name'],
    additionalProperties: false,
  },
  openForm: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
};

const VALUES: unknown[] = [
  undefined,
  null,
  true,
  0,
  0.5,
  1,
  3,
  7,
  -1,
  Number.NaN,
  '',
  'a',
  'ab',
  '12',
  'abcd',
  '😀😀',
  'x',
  'ada@example.com',
  [],
  ['a'],
  ['a', 'a'],
  ['a', 'z'],
  ['a', 'b', 'a'],
  [1, 2],
  {},
  { a: 'x' },
  { a: null },
  { name: 'Ada' },
  { name: '' },
  { name: null },
  { name: 'Ada', age: 36, tags: ['x'] },
  { name: 'Ada', age: 1.5 },
  { name: 'Ada', extra: 1 },
  { name: 'Ada', address: { city: 'Paris' } },
  { name: 'Ada', address: { city: 'Paris', zip: '1' } },
  { name: 'Ada', address: {} },
  { name: 'Ada', tags: ['x', 2] },
  JSON.parse('{"name":"Ada","__proto__":{"x":1}}'),
];

describe('jsonValuePredicateOf', () => {
  it.each(Object.entries(SCHEMAS))('agrees with the full check on every value: %s', (_, schema) => {
    const frozen = deepFreeze(structuredClone(schema));
    const predicate = jsonValuePredicateOf(frozen);
    expect(predicate).toBeDefined();
    for (const value of VALUES) {
      const issues = checkJsonValue(structuredClone(schema), value);
      expect({ value, passes: predicate!(value) }).toStrictEqual({ value, passes: issues.length === 0 });
      expect(checkJsonValue(frozen, value)).toStrictEqual(issues);
    }
  });

  it('is made once per schema, and only for a schema frozen all through', () => {
    const frozen = deepFreeze<JsonSchema>({ type: 'object', properties: { a: { type: 'string' } } });
    expect(jsonValuePredicateOf(frozen)).toBe(jsonValuePredicateOf(frozen));
    expect(jsonValuePredicateOf({ type: 'string' })).toBeUndefined();
    const inner: JsonSchema = { type: 'string' };
    expect(jsonValuePredicateOf(Object.freeze({ type: 'object', properties: { a: inner } }))).toBeUndefined();
  });

  it('leaves a pattern that does not compile to the full check, which reports it as before', () => {
    const schema = deepFreeze<JsonSchema>({ pattern: '(' });
    expect(jsonValuePredicateOf(schema)).toBeUndefined();
    expect(() => checkJsonValue(schema, 'a')).toThrow(SyntaxError);
    expect(checkJsonValue(schema, 1)).toStrictEqual([]);
  });

  it('answers a valid value from the predicate, without reading the schema again', () => {
    let reads = 0;
    const frozen = deepFreeze<JsonSchema>({ type: 'object', properties: { a: { type: 'string' } } });
    const schema = new Proxy(frozen, { get: (target, name) => (reads++, Reflect.get(target, name)) });
    expect(checkJsonValue(schema, { a: 'x' })).toStrictEqual([]);
    reads = 0;
    expect(checkJsonValue(schema, { a: 'y' })).toStrictEqual([]);
    expect(reads).toBe(0);
    // A value with an issue is walked, keyword by keyword, to say what is wrong.
    expect(checkJsonValue(schema, { a: 1 })).toHaveLength(1);
    expect(reads).toBeGreaterThan(0);
  });
});
