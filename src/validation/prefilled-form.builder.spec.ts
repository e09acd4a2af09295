import { describe, expect, it } from '@jest/globals';
import type { FormSchema } from '../schema/form-schema.builder.js';
import { prefilledForm } from './prefilled-form.builder.js';

const form: FormSchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
    size: { type: 'integer', default: 2 },
  } as FormSchema['properties'],
  required: ['name'],
};

describe('prefilledForm', () => {
  it('gives back each field no issue names, and leaves a refused one as the form had it', () => {
    const tags = ['a'];
    const again = prefilledForm(form, { name: 'Ada', tags, size: 0, extra: 'x' }, [
      { path: 'size', rule: 'min', message: 'size must not be less than 1' },
    ]);

    expect(again).toStrictEqual({
      ...form,
      properties: {
        ...form.properties,
        name: { type: 'string', default: 'Ada' },
        tags: { ...form.properties.tags, default: ['a'] },
      },
    });
    expect((again.properties.tags as { default: string[] }).default).not.toBe(tags);
    expect(form.properties.name).toStrictEqual({ type: 'string' });
  });

  it('counts an issue inside a field against the whole field', () => {
    const again = prefilledForm(form, { name: 'Ada', tags: ['a', 'z'] }, [
      { path: 'tags[1]', rule: 'enum', message: 'tags[1] must be one of a, b' },
    ]);

    expect(
      Object.keys(again.properties).filter((name) => 'default' in again.properties[name]!),
    ).toStrictEqual(['name', 'size']);
  });

  it('sends the form as it was when the refusal names no field, or the whole answer', () => {
    expect(prefilledForm(form, { name: 'Ada' }, undefined)).toBe(form);
    expect(
      prefilledForm(form, { name: 'Ada' }, [{ path: '', rule: 'type', message: 'must be an object' }]),
    ).toBe(form);
    expect(prefilledForm(form, 'Ada', [])).toBe(form);
    expect(prefilledForm(form, { name: null }, [])).toBe(form);
  });
});
