import { describe, expect, it } from '@jest/globals';
import { SchemaLoweringError } from '../errors/schema-lowering.error.js';
import { EnumSchema } from './enum-schema.js';
import type { FormSchema } from './form-schema.builder.js';
import { lowerForm, lowerFormSchema } from './form-schema-lowering.js';

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
    expect(lowerFormSchema(modern, '2025-06-18')).toStrictEqual({
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
    expect(modern.properties.name).toStrictEqual({
      type: 'string',
      title: 'Name',
      minLength: 1,
      default: 'Ada',
    });
  });

  it('for 2025-06-18 turns a multi-select into one titled boolean per option, its default ticking them', () => {
    const schema: FormSchema = {
      type: 'object',
      properties: {
        tags: EnumSchema.titledMultiSelect(
          { a: 'Alpha', b: 'Beta' },
          { title: 'Tags', default: ['b'], minItems: 1 },
        ),
        tags__0: { type: 'string' },
        plain: EnumSchema.untitledMultiSelect(['x'], { description: 'Pick some' }),
      },
      required: ['tags', 'tags__0'],
    };
    const lowered = lowerForm(schema, '2025-06-18');
    expect(lowered.schema).toStrictEqual({
      type: 'object',
      properties: {
        tags__0_2: { type: 'boolean', title: 'Alpha', description: 'Tags', default: false },
        tags__1: { type: 'boolean', title: 'Beta', description: 'Tags', default: true },
        tags__0: { type: 'string' },
        plain__0: { type: 'boolean', title: 'x', description: 'Pick some', default: false },
      },
      required: ['tags__0'],
    });
    expect(
      lowered.assemble({ tags__0_2: true, tags__1: true, tags__0: 'kept', plain__0: false }),
    ).toStrictEqual({
      content: { tags: ['a', 'b'], tags__0: 'kept', plain: [] },
    });
    expect(lowered.assemble({ tags__0: 'kept' })).toStrictEqual({
      content: { tags: [], tags__0: 'kept', plain: [] },
      problem: 'Tags: tick at least 1 of Alpha, Beta (you ticked 0)',
    });
  });

  it('leaves 2025-11-25 answers as they are', () => {
    const lowered = lowerForm(modern, '2025-11-25');
    expect(lowered.schema).toBe(modern);
    expect(lowered.assemble({ name: 'Ada' })).toStrictEqual({ content: { name: 'Ada' } });
  });

  it('refuses, naming the field, an array a 2025-06-18 client cannot be shown', () => {
    const schema = {
      type: 'object',
      properties: { files: { type: 'array', items: { type: 'string' } } },
    } as unknown as FormSchema;
    let error: unknown;
    try {
      lowerForm(schema, '2025-06-18');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SchemaLoweringError);
    expect(error).toMatchObject({
      code: 'SCHEMA_LOWERING',
      propertyName: 'files',
      protocolVersion: '2025-06-18',
      message:
        'Form field "files" cannot be sent to a 2025-06-18 client: an array field needs string choices to be asked as booleans',
    });
  });
});
