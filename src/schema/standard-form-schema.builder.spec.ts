import { describe, expect, it } from '@jest/globals';
import { type } from 'arktype';
import * as v from 'valibot';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { z } from 'zod';
import { z as zod3 } from 'zod-3';
import { SchemaDefinitionError } from '../errors/schema-definition.error.js';
import { buildJsonFormSchema } from './json-form-schema.builder.js';
import { buildStandardForm } from './standard-form-schema.builder.js';
import type { StandardSchema } from './standard-schema.js';

function refusal(schema: unknown): SchemaDefinitionError {
  try {
    buildStandardForm(schema as StandardSchema);
  } catch (error) {
    if (error instanceof SchemaDefinitionError) return error;
    throw error;
  }
  throw new Error('the form was accepted');
}

describe('buildStandardForm refuses at startup what a flat form cannot carry, naming form and property', () => {
  const named = (shape: Record<string, z.ZodType>) => z.object(shape).meta({ title: 'Trip' });

  it.each([
    [
      'a nested object',
      named({ home: z.object({ city: z.string() }) }),
      'Trip.home: a nested object cannot be a form field',
    ],
    [
      'an array of strings',
      named({ tags: z.array(z.string()) }),
      'Trip.tags: an array must be an enum multi-select',
    ],
    [
      'a union other than an enum',
      named({ size: z.union([z.string(), z.number()]) }),
      'Trip.size: a union other than an enum of strings cannot be a form field',
    ],
    ['a user regex', named({ code: z.string().regex(/^[A-Z]{3}$/) }), 'Trip.code: has a `pattern` (a regex)'],
    [
      'a numeric enum',
      named({ level: z.union([z.literal(1), z.literal(2)]) }),
      'Trip.level: a union other than an enum of strings',
    ],
    [
      'a format forms do not have',
      named({ id: z.uuid() }),
      'Trip.id: format "uuid" is not allowed in a form',
    ],
  ])('zod: %s', (_shape, schema, message) => {
    expect(refusal(schema).message).toContain(message);
  });

  it('zod: a Date, which JSON Schema cannot describe, names form and property', () => {
    expect(refusal(named({ when: z.date() })).message).toBe(
      'Trip.when: has no JSON type a form field can have (a Date is asked as a `date` string)',
    );
  });

  it('lists every broken property in one error', () => {
    const error = refusal(named({ a: z.object({}), b: z.array(z.number()) }));
    expect(error.issues.map((issue) => issue.propertyName)).toStrictEqual(['a', 'b']);
  });

  it('valibot: a nested object and an unwrapped schema', () => {
    const nested = toStandardJsonSchema(
      v.pipe(v.object({ home: v.object({ city: v.string() }) }), v.title('Trip')),
    );
    expect(refusal(nested).message).toBe('Trip.home: a nested object cannot be a form field');
    expect(refusal(v.object({ a: v.string() })).message).toBe(
      'valibot form: a Valibot schema needs wrapping: `toStandardJsonSchema(schema)` from `@valibot/to-json-schema`',
    );
  });

  it('arktype: an array of numbers and a Date', () => {
    expect(refusal(type({ n: 'number[]' }).configure({ title: 'Trip' })).message).toBe(
      'Trip.n: an array must be an enum multi-select',
    );
    expect(refusal(type({ when: 'Date' }).configure({ title: 'Trip' })).message).toBe(
      'Trip.when: has no JSON type a form field can have (a Date is asked as a `date` string)',
    );
  });

  it('zod 3, which has no JSON Schema converter, gets a clear error', () => {
    expect(refusal(zod3.object({ a: zod3.string() })).message).toBe(
      'zod form: this Zod version has no `~standard.jsonSchema`: Elicitor needs zod 4.2 or later (zod 3 is not supported)',
    );
  });
});

describe('buildJsonFormSchema cleans and checks a raw JSON Schema form', () => {
  it('sends z.toJSONSchema output with the protocol keywords only', () => {
    const raw = z.toJSONSchema(
      z.object({
        day: z.iso.date(),
        email: z.email(),
        seat: z.enum(['aisle', 'window']),
        meals: z.array(z.enum(['veg', 'fish'])).max(2),
      }),
    );
    expect(raw.$schema).toBeDefined();
    expect(buildJsonFormSchema(raw, 'Flight')).toStrictEqual({
      type: 'object',
      properties: {
        day: { type: 'string', format: 'date' },
        email: { type: 'string', format: 'email' },
        seat: { type: 'string', enum: ['aisle', 'window'] },
        meals: { type: 'array', maxItems: 2, items: { type: 'string', enum: ['veg', 'fish'] } },
      },
      required: ['day', 'email', 'seat', 'meals'],
    });
  });

  it('refuses a raw form with a regex, naming the property', () => {
    const raw = z.toJSONSchema(z.object({ code: z.string().regex(/^\d+$/) }));
    expect(() => buildJsonFormSchema(raw, 'Code')).toThrow('Code.code: has a `pattern` (a regex)');
  });
});
