import { fieldsOf } from '../../ui/form-app/form-schema.js';
import { fieldError } from '../../ui/form-app/form-validation.js';
import { answerValue } from '../../ui/form-app/form-values.js';

// Every shape of a flat form the MCP spec allows, as the form app reads it.
const EVERY_SHAPE = {
  type: 'object',
  properties: {
    site: { type: 'string', format: 'uri', title: 'Website' },
    day: { type: 'string', format: 'date', default: '2026-01-02' },
    at: { type: 'string', format: 'date-time' },
    code: { type: 'string', pattern: '^[A-Z]{3}$', minLength: 3, maxLength: 3 },
    price: { type: 'number', minimum: 0.5, description: 'In dollars' },
    colour: { type: 'string', enum: ['r', 'g'], enumNames: ['Red', 'Green'] },
    plain: { type: 'string', enum: ['a', 'b'] },
    extras: { type: 'array', items: { anyOf: [{ const: 'x', title: 'Extra X' }] }, default: ['x'] },
  },
  required: ['site'],
};

describe('the form app reads a flat form schema', () => {
  const fields = Object.fromEntries(fieldsOf(EVERY_SHAPE).map((field) => [field.name, field]));

  it('reads each field type, its format, limits, default, title and description', () => {
    expect(fields.site).toEqual({
      name: 'site',
      label: 'Website',
      required: true,
      kind: 'text',
      format: 'uri',
    });
    expect(fields.day).toMatchObject({
      kind: 'text',
      format: 'date',
      default: '2026-01-02',
      required: false,
    });
    expect(fields.at).toMatchObject({ kind: 'text', format: 'date-time' });
    expect(fields.code).toMatchObject({ kind: 'text', pattern: '^[A-Z]{3}$', minLength: 3, maxLength: 3 });
    expect(fields.price).toMatchObject({
      kind: 'number',
      integer: false,
      minimum: 0.5,
      description: 'In dollars',
    });
  });

  it('reads every enum shape: legacy enumNames, a plain enum, and a titled multi select', () => {
    expect(fields.colour).toMatchObject({
      kind: 'select',
      choices: [
        { value: 'r', label: 'Red' },
        { value: 'g', label: 'Green' },
      ],
    });
    expect(fields.plain).toMatchObject({
      kind: 'select',
      choices: [
        { value: 'a', label: 'a' },
        { value: 'b', label: 'b' },
      ],
    });
    expect(fields.extras).toMatchObject({
      kind: 'multiselect',
      choices: [{ value: 'x', label: 'Extra X' }],
      default: ['x'],
    });
  });

  it('checks uri, date, pattern, length and minimum from the schema, and lets valid values through', () => {
    expect(fieldError(fields.site!, '')).toBe('Website is required.');
    expect(fieldError(fields.site!, 'not a url')).toBe('Enter a full web address, like https://example.com.');
    expect(fieldError(fields.site!, 'https://example.com')).toBeUndefined();
    expect(fieldError(fields.day!, '2026/01/02')).toBe('Enter a date.');
    expect(fieldError(fields.code!, 'AB')).toBe('Enter at least 3 characters.');
    expect(fieldError(fields.code!, 'abc')).toBe('This value is not in the expected form.');
    expect(fieldError(fields.code!, 'ABC')).toBeUndefined();
    expect(fieldError(fields.price!, '0.25')).toBe('Enter 0.5 or more.');
    expect(fieldError(fields.price!, '')).toBeUndefined();
  });

  it('answers with typed values, leaving empty optional fields out', () => {
    expect(answerValue(fields.price!, '2.5')).toBe(2.5);
    expect(answerValue(fields.price!, '')).toBeUndefined();
    expect(answerValue(fields.extras!, [])).toBeUndefined();
    expect(answerValue(fields.at!, '2026-01-02T10:30')).toBe(new Date('2026-01-02T10:30').toISOString());
  });
});
