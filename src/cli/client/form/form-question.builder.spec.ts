import { buildFormQuestions } from './form-question.builder.js';
import { choices } from './form-question.spec-helper.js';

function single(property: unknown, required = true) {
  return buildFormQuestions({
    type: 'object',
    properties: { field: property },
    required: required ? ['field'] : [],
  })[0];
}

describe('buildFormQuestions', () => {
  it('keeps property order, required flags, titles and descriptions', () => {
    const questions = buildFormQuestions({
      type: 'object',
      properties: {
        name: { type: 'string', title: 'Full name', description: 'As on your passport' },
        age: { type: 'integer' },
      },
      required: ['name'],
    });
    expect(questions).toEqual([
      { kind: 'text', name: 'name', label: 'Full name', description: 'As on your passport', required: true },
      { kind: 'number', name: 'age', label: 'age', required: false, integer: true },
    ]);
  });

  it('maps a string with format, length bounds and default', () => {
    expect(
      single({ type: 'string', format: 'email', minLength: 3, maxLength: 80, default: 'a@b.co' }),
    ).toEqual({
      kind: 'text',
      name: 'field',
      label: 'field',
      required: true,
      format: 'email',
      minLength: 3,
      maxLength: 80,
      default: 'a@b.co',
    });
  });

  it.each(['uri', 'date', 'date-time'])('knows the %s format', (format) => {
    expect(single({ type: 'string', format })).toMatchObject({ kind: 'text', format });
  });

  it('ignores formats outside the form subset', () => {
    expect(single({ type: 'string', format: 'hostname' })).toEqual({
      kind: 'text',
      name: 'field',
      label: 'field',
      required: true,
    });
  });

  it('maps number and integer with bounds and default', () => {
    expect(single({ type: 'number', minimum: 0.5, maximum: 9.5, default: 1.5 }, false)).toEqual({
      kind: 'number',
      name: 'field',
      label: 'field',
      required: false,
      integer: false,
      minimum: 0.5,
      maximum: 9.5,
      default: 1.5,
    });
    expect(single({ type: 'integer', minimum: 1 })).toMatchObject({
      kind: 'number',
      integer: true,
      minimum: 1,
    });
  });

  it('maps a boolean with its default', () => {
    expect(single({ type: 'boolean', default: true })).toEqual({
      kind: 'boolean',
      name: 'field',
      label: 'field',
      required: true,
      default: true,
    });
  });

  it('maps an untitled single-select enum', () => {
    expect(single({ type: 'string', enum: ['red', 'green'], default: 'green' })).toEqual({
      kind: 'select',
      name: 'field',
      label: 'field',
      required: true,
      choices: choices(['red', 'green']),
      default: 'green',
    });
  });

  it('maps a titled single-select enum to its titles', () => {
    const question = single({
      type: 'string',
      oneOf: [
        { const: '#FF0000', title: 'Red' },
        { const: '#00FF00', title: 'Green' },
      ],
      default: '#00FF00',
    });
    expect(question).toMatchObject({
      kind: 'select',
      choices: choices({ '#FF0000': 'Red', '#00FF00': 'Green' }),
      default: '#00FF00',
    });
  });

  it('maps a legacy titled enum through enumNames', () => {
    expect(single({ type: 'string', enum: ['r', 'g'], enumNames: ['Rouge', 'Vert'] })).toMatchObject({
      kind: 'select',
      choices: choices({ r: 'Rouge', g: 'Vert' }),
    });
  });

  it('falls back to values when enumNames does not line up', () => {
    expect(single({ type: 'string', enum: ['r', 'g'], enumNames: ['Rouge'] })).toMatchObject({
      choices: choices(['r', 'g']),
    });
  });

  it('drops a default that is not one of the options', () => {
    expect(single({ type: 'string', enum: ['a'], default: 'z' })).not.toHaveProperty('default');
  });

  it('maps an untitled multi-select with item bounds and defaults', () => {
    expect(
      single({
        type: 'array',
        minItems: 1,
        maxItems: 2,
        items: { type: 'string', enum: ['Red', 'Green', 'Blue'] },
        default: ['Red', 'Pink'],
      }),
    ).toEqual({
      kind: 'multiselect',
      name: 'field',
      label: 'field',
      required: true,
      choices: choices(['Red', 'Green', 'Blue']),
      minItems: 1,
      maxItems: 2,
      default: ['Red'],
    });
  });

  it('maps a titled multi-select', () => {
    expect(
      single({
        type: 'array',
        items: {
          anyOf: [
            { const: '#FF0000', title: 'Red' },
            { const: '#0000FF', title: 'Blue' },
          ],
        },
      }),
    ).toMatchObject({
      kind: 'multiselect',
      choices: choices({ '#FF0000': 'Red', '#0000FF': 'Blue' }),
    });
  });

  it('marks properties outside the flat subset as unsupported', () => {
    expect(single({ type: 'object', properties: {} })).toEqual({
      kind: 'unsupported',
      name: 'field',
      label: 'field',
      required: true,
      reason: 'type "object" is not a form field',
    });
    expect(single({ type: 'array', items: { type: 'object' } })).toMatchObject({ kind: 'unsupported' });
    expect(single('nonsense')).toMatchObject({ kind: 'unsupported', reason: 'not a schema object' });
  });

  it('returns no questions for a schema without properties', () => {
    expect(buildFormQuestions(undefined)).toEqual([]);
    expect(buildFormQuestions({ type: 'object' })).toEqual([]);
  });
});
