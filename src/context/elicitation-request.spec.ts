import 'reflect-metadata';
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
