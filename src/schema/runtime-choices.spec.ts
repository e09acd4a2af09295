import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { ElicitSchema } from '../decorators/elicit-schema.decorator.js';
import { Field } from '../decorators/field.decorator.js';
import { buildFormSchema } from './form-schema.builder.js';
import { buildInputSchema } from './input-schema.builder.js';
import { runtimeChoiceFields, withRuntimeChoices } from './runtime-choices.js';

@ElicitSchema()
class PickAccount {
  @Field({ title: 'Account', description: 'Pays the bill', runtimeChoices: true }) account!: string;
  @Field({ runtimeChoices: true, multiple: true, maxItems: 2 }) notify!: string[];
  @Field() note!: string;
}

describe('runtime choices', () => {
  const schema = buildFormSchema(PickAccount);

  it('marks the fields that take their choices when asked', () => {
    expect(runtimeChoiceFields(schema)).toStrictEqual(['account', 'notify']);
  });

  it('builds the enum shape from the choices given: titled single select, untitled multi-select', () => {
    const asked = withRuntimeChoices('PickAccount', schema, {
      account: { acc_1: 'Checking', acc_2: 'Savings' },
      notify: ['email', 'sms'],
    });
    expect(asked.properties).toStrictEqual({
      account: {
        type: 'string',
        title: 'Account',
        description: 'Pays the bill',
        oneOf: [
          { const: 'acc_1', title: 'Checking' },
          { const: 'acc_2', title: 'Savings' },
        ],
      },
      notify: { type: 'array', items: { type: 'string', enum: ['email', 'sms'] }, maxItems: 2 },
      note: { type: 'string' },
    });
    expect(runtimeChoiceFields(schema)).toStrictEqual(['account', 'notify']);
  });

  it('names the field when its choices are missing, or given to a field that takes none', () => {
    expect(() => withRuntimeChoices('PickAccount', schema, { account: ['a'] })).toThrow(
      'PickAccount.notify: takes its choices when asked: withSchema(PickAccount, { choices: { notify: [...] } })',
    );
    expect(() =>
      withRuntimeChoices('PickAccount', schema, { account: ['a'], notify: ['b'], note: ['c'] }),
    ).toThrow('PickAccount.note: was given choices, but it is not a `runtimeChoices` field');
  });

  it('refuses runtime choices in tool arguments, which are listed before any call', () => {
    class Args {
      @Field({ runtimeChoices: true }) pick!: string;
    }
    expect(() => buildInputSchema(Args)).toThrow('Args.pick: has `runtimeChoices`, which only forms have');
  });
});
