import { describe, expect, it } from '@jest/globals';
import type { JsonSchema } from './json-schema.js';
import { primitiveSchemaProblem } from './form-subset.check.js';

describe('primitiveSchemaProblem', () => {
  it.each<JsonSchema>([
    {
      type: 'string',
      title: 'T',
      description: 'D',
      minLength: 1,
      maxLength: 2,
      format: 'date',
      default: 'x',
    },
    { type: 'integer', minimum: 0, maximum: 1, default: 0 },
    { type: 'boolean', default: false },
    { type: 'string', enum: ['a'], default: 'a' },
    { type: 'string', oneOf: [{ const: 'a', title: 'A' }] },
    { type: 'string', enum: ['a'], enumNames: ['A'] },
    { type: 'array', minItems: 1, maxItems: 2, items: { type: 'string', enum: ['a'] }, default: ['a'] },
    { type: 'array', items: { anyOf: [{ const: 'a', title: 'A' }] } },
  ])('accepts %j', (schema) => {
    expect(primitiveSchemaProblem(schema)).toBeUndefined();
  });

  it.each<[JsonSchema, string]>([
    [{ type: 'string', pattern: 'x' }, '`pattern` is not part of the elicitation form subset'],
    [{ type: 'string', format: 'uuid' }, 'format "uuid" is not allowed in a form'],
    [
      { type: 'number', exclusiveMinimum: 0 },
      '`exclusiveMinimum` is not part of the elicitation form subset',
    ],
    [{ type: 'object', properties: {} }, 'type "object" is not a form field type'],
    [{ type: 'array', items: { type: 'string' } }, 'an array must be an enum multi-select'],
    [{ type: 'array', items: { type: 'integer', enum: [1] } }, 'multi-select items must be strings'],
    [{ type: 'integer', enum: [1] }, '`enum` is not part of the elicitation form subset'],
    [
      { type: 'string', oneOf: [{ const: 'a', title: 'A' }], minLength: 1 },
      '`minLength` is not part of the elicitation form subset',
    ],
  ])('refuses %j', (schema, problem) => {
    expect(primitiveSchemaProblem(schema)).toBe(problem);
  });
});
