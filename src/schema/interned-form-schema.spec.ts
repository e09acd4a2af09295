import { internFormSchema, isInternedFormSchema } from './interned-form-schema.js';

describe('internFormSchema', () => {
  it('freezes the schema deeply and returns the same object', () => {
    const schema = { type: 'object', properties: { name: { type: 'string' } } };
    expect(internFormSchema(schema)).toBe(schema);
    expect(Object.isFrozen(schema)).toBe(true);
    expect(Object.isFrozen(schema.properties.name)).toBe(true);
  });

  it('tells interned schemas from frozen ones nobody interned', () => {
    const interned = internFormSchema({ type: 'object', properties: {} });
    const frozen = Object.freeze({ type: 'object', properties: Object.freeze({}) });
    expect(isInternedFormSchema(interned)).toBe(true);
    expect(isInternedFormSchema(frozen)).toBe(false);
    expect(isInternedFormSchema(undefined)).toBe(false);
  });
});
