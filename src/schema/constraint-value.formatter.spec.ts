import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { MaxDate, MinDate, ValidateBy } from 'class-validator';
import { ElicitSchema } from '../decorators/elicit-schema.decorator.js';
import { Field } from '../decorators/field.decorator.js';
import { validateClass } from '../validation/class-instance.check.js';
import { classAnswerRefiner } from '../validation/form-answer-refiner.factory.js';
import { validateFormAnswer } from '../validation/form-answer.check.js';
import { buildFormSchema } from './form-schema.builder.js';

@ElicitSchema()
class Trip {
  @Field({ format: 'date' }) @MinDate(() => new Date('2026-01-01')) departure!: Date;
  @Field() @MaxDate(new Date('2026-06-30T18:30:00Z')) returnBy!: Date;
  @Field({ format: 'date' })
  @MinDate(() => new Date('2026-03-01'), { message: 'from $constraint1 on ($constraint1), not $value' })
  booked!: Date;
}

class Args {
  @Field({ format: 'date' }) @MaxDate(() => new Date('2026-12-31')) until!: Date;
}

const answer = { departure: '2025-12-24', returnBy: '2026-07-02T09:00:00Z', booked: '2026-02-01' };

describe('constraint values in validation messages', () => {
  it('shows the date a @MinDate function gives, not its code, and a Date constraint in ISO 8601', async () => {
    const outcome = await validateFormAnswer(classAnswerRefiner(Trip), buildFormSchema(Trip), answer);

    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.issues).toStrictEqual([
      { path: 'departure', rule: 'minDate', message: 'minimal allowed date for departure is 2026-01-01' },
      {
        path: 'returnBy',
        rule: 'maxDate',
        message: 'maximal allowed date for returnBy is 2026-06-30T18:30:00.000Z',
      },
      { path: 'booked', rule: 'minDate', message: 'from 2026-03-01 on (2026-03-01), not $value' },
    ]);
    expect(!outcome.ok && outcome.message).not.toContain('=>');
  });

  it('does the same for tool arguments', async () => {
    const outcome = await validateClass(Args, { until: '2027-01-05' });

    expect(!outcome.ok && outcome.message).toBe(
      'Invalid arguments: until (maxDate): maximal allowed date for until is 2026-12-31',
    );
  });

  it('does the same when a default breaks the rule, a message built while the schema is', () => {
    @ElicitSchema()
    class Late {
      @Field({ format: 'date', default: '2025-06-01' }) @MinDate(() => new Date('2026-01-01')) day!: Date;
    }

    expect(() => buildFormSchema(Late)).toThrow(
      'has default "2025-06-01T00:00:00.000Z", which breaks its own rules: minimal allowed date for day is 2026-01-01 (minDate)',
    );
  });

  it('calls no function constraint of another rule', async () => {
    let calls = 0;
    const counted = (): boolean => {
      calls += 1;
      return false;
    };
    class Custom {
      @ValidateBy({
        name: 'never',
        constraints: [counted],
        validator: { validate: () => false, defaultMessage: () => 'refused by $constraint1' },
      })
      code!: string;
    }

    const outcome = await validateClass(Custom, { code: 'x' });

    expect(calls).toBe(0);
    expect(!outcome.ok && outcome.issues[0]!.message).toBe(`refused by ${String(counted)}`);
  });
});
