import 'reflect-metadata';
import { validateFormAnswer } from '../validation/form-answer.check.js';
import { ElicitRequestParams } from './elicitation-request.js';

describe('ElicitRequestParams', () => {
  it('builds a form schema field by field', () => {
    const request = ElicitRequestParams.form('Who?')
      .withRequired('name', 'string')
      .withOptional('age', 'integer')
      .withRequired('email', { type: 'string', format: 'email' });
    expect(request.toWire()).toStrictEqual({
      mode: 'form',
      message: 'Who?',
      requestedSchema: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          age: { type: 'integer' },
          email: { type: 'string', format: 'email' },
        },
        required: ['name', 'email'],
      },
    });
  });

  it('shares one frozen schema between rounds that ask the same shape', () => {
    const first = ElicitRequestParams.form('A?').withRequired('ok', 'boolean');
    const second = ElicitRequestParams.form('B?').withRequired('ok', 'boolean');
    expect(first.schema).toBe(second.schema);
    expect(Object.isFrozen(first.schema)).toBe(true);
    expect(ElicitRequestParams.form('C?').withOptional('ok', 'boolean').schema).not.toBe(first.schema);
  });

  it('builds URL questions without an elicitationId', () => {
    expect(ElicitRequestParams.url('https://example.com/pay', 'Pay').toWire()).toStrictEqual({
      mode: 'url',
      url: 'https://example.com/pay',
      message: 'Pay',
    });
  });
});

describe('withJsonSchema', () => {
  const raw = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: { day: { type: 'string', format: 'date', pattern: '^2027-' } },
    required: ['day'],
    additionalProperties: false,
  };

  it('sends the cleaned form, and still checks on the server the pattern it left off beside the format', async () => {
    const form = ElicitRequestParams.form('Which day?').withJsonSchema(raw, 'DayForm');
    expect(form.schema).toStrictEqual({
      type: 'object',
      properties: { day: { type: 'string', format: 'date' } },
      required: ['day'],
    });
    expect(await validateFormAnswer(form.refine, form.schema, { day: '2027-03-14' })).toStrictEqual({
      ok: true,
      value: { day: '2027-03-14' },
    });
    const refused = await validateFormAnswer(form.refine, form.schema, { day: '2028-03-14' });
    expect(refused).toMatchObject({
      ok: false,
      message: 'Invalid answer: day (pattern): day is not in the expected format',
    });
  });

  it('refuses a pattern given to withRequired, even beside a format', () => {
    expect(() =>
      ElicitRequestParams.form('?').withRequired('day', {
        type: 'string',
        format: 'date',
        pattern: '^2027-',
      } as never),
    ).toThrow('form.day: has a `pattern` (a regex)');
  });
});
