import { describe, expect, it } from '@jest/globals';
import { SchemaLoweringError } from '../errors/schema-lowering.error.js';
import { EnumSchema } from './enum-schema.js';
import type { FormSchema } from './form-schema.builder.js';
import { lowerFormSchema } from './form-schema.lowering.js';

const modern: FormSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', minLength: 1, default: 'Ada' },
    email: { type: 'string', format: 'email' },
    age: { type: 'integer', minimum: 0, maximum: 150, default: 30 },
    subscribe: { type: 'boolean', title: 'Subscribe', default: true },
    env: EnumSchema.untitledSingleSelect(['dev', 'prod'], { default: 'dev' }),
    region: EnumSchema.titledSingleSelect(
      { eu: 'Europe', us: 'United States' },
      { description: 'Where', default: 'eu' },
    ),
    size: EnumSchema.legacyTitled(['s', 'l'], ['Small', 'Large'], { default: 's' }),
  },
  required: ['name', 'env'],
};

describe('lowerFormSchema', () => {
  it('passes a schema through unchanged for 2025-11-25 (and 2026-07-28)', () => {
    const withMultiSelect: FormSchema = {
      type: 'object',
      properties: { tags: EnumSchema.untitledMultiSelect(['a', 'b'], { default: ['a'] }) },
    };
    expect(lowerFormSchema(modern, '2025-11-25')).toBe(modern);
    expect(lowerFormSchema(withMultiSelect, '2025-11-25')).toBe(withMultiSelect);
    expect(lowerFormSchema(modern, '2026-07-28')).toBe(modern);
  });

  it('for 2025-06-18 keeps only boolean defaults and turns titled single selects into enum + enumNames', () => {
    expect(lowerFormSchema(modern, '2025-06-18')).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string', title: 'Name', minLength: 1 },
        email: { type: 'string', format: 'email' },
        age: { type: 'integer', minimum: 0, maximum: 150 },
        subscribe: { type: 'boolean', title: 'Subscribe', default: true },
        env: { type: 'string', enum: ['dev', 'prod'] },
        region: {
          type: 'string',
          description: 'Where',
          enum: ['eu', 'us'],
          enumNames: ['Europe', 'United States'],
        },
        size: { type: 'string', enum: ['s', 'l'], enumNames: ['Small', 'Large'] },
      },
      required: ['name', 'env'],
    });
  });

  it('caches the lowered schema and leaves the original alone', () => {
    const lowered = lowerFormSchema(modern, '2025-06-18');
    expect(lowerFormSchema(modern, '2025-06-18')).toBe(lowered);
    expect(Object.isFrozen(lowered)).toBe(true);
    expect(modern.properties.name).toEqual({ type: 'string', title: 'Name', minLength: 1, default: 'Ada' });
  });

  it.each([
    ['untitled', EnumSchema.untitledMultiSelect(['a', 'b'])],
    ['titled', EnumSchema.titledMultiSelect({ a: 'A' })],
  ])('refuses a multi-select (%s) for 2025-06-18', (_kind, tags) => {
    const schema: FormSchema = { type: 'object', properties: { tags } };
    let error: unknown;
    try {
      lowerFormSchema(schema, '2025-06-18');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SchemaLoweringError);
    expect(error).toMatchObject({
      code: 'SCHEMA_LOWERING',
      propertyName: 'tags',
      protocolVersion: '2025-06-18',
      message:
        'Form field "tags" cannot be sent to a 2025-06-18 client: multi-select enums arrived in 2025-11-25; ask with a single select or booleans',
    });
  });
});
