import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { IsEmail, IsOptional, Matches } from 'class-validator';
import { ElicitSchema } from '../decorators/elicit-schema.decorator.js';
import { Field } from '../decorators/field.decorator.js';
import { buildFormSchema } from '../schema/form-schema.builder.js';
import { lowerFormSchema } from '../schema/form-schema-lowering.js';
import { validateFormAnswer } from './form-answer.check.js';
import { classAnswerRefiner } from './form-answer-refiner.factory.js';

@ElicitSchema()
class Booking {
  @Field() @IsEmail() email!: string;
  @Field() @Matches(/^[A-Z]{2}\d{3}$/) flight!: string;
  @Field({ format: 'date' }) day!: Date;
  @Field({ enum: ['aisle', 'window'], default: 'aisle' }) seat!: string;
  @Field() @IsOptional() meals: boolean = false;
}

const schema = buildFormSchema(Booking);
const answer = { email: 'ada@example.com', flight: 'BA123', day: '2030-05-01' };

describe('validateFormAnswer with a class', () => {
  it('returns an instance, with Date fields, @Field defaults and initializers filled in, unknown keys dropped', async () => {
    const outcome = await validateFormAnswer(classAnswerRefiner(Booking), schema, {
      ...answer,
      extra: 'dropped',
    });
    expect(outcome).toStrictEqual({ ok: true, value: expect.any(Booking) });
    if (!outcome.ok) return;
    expect({ ...(outcome.value as object) }).toStrictEqual({
      ...answer,
      day: new Date('2030-05-01T00:00:00Z'),
      seat: 'aisle',
      meals: false,
    });
  });

  it('still enforces rules the wire could not carry (@Matches)', async () => {
    const outcome = await validateFormAnswer(classAnswerRefiner(Booking), schema, {
      ...answer,
      flight: 'nope',
    });
    expect(outcome).toStrictEqual({
      ok: false,
      issues: [
        {
          path: 'flight',
          rule: 'matches',
          message: 'flight must match /^[A-Z]{2}\\d{3}$/ regular expression',
        },
      ],
      message: 'Invalid answer: flight (matches): flight must match /^[A-Z]{2}\\d{3}$/ regular expression',
    });
  });

  it('reports schema issues, preferring the class-validator wording for the same field', async () => {
    const outcome = await validateFormAnswer(classAnswerRefiner(Booking), schema, {
      ...answer,
      email: 'x',
      day: 'tomorrow',
      seat: 'roof',
    });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.message).toBe(
      'Invalid answer: email (isEmail): email must be an email; day (format): day must be a valid date; ' +
        'seat (enum): seat must be one of: aisle, window',
    );
  });

  it('fills a default the 2025-06-18 schema could not announce', async () => {
    const outcome = await validateFormAnswer(
      classAnswerRefiner(Booking),
      lowerFormSchema(schema, '2025-06-18'),
      answer,
    );
    expect(outcome.ok && outcome.value).toMatchObject({ seat: 'aisle' });
  });
});

describe('validateFormAnswer without a class', () => {
  it('returns the schema fields as a plain object', async () => {
    const outcome = await validateFormAnswer(undefined, schema, {
      ...answer,
      flight: 'anything',
      meals: null,
      extra: 1,
    });
    expect(outcome).toStrictEqual({
      ok: true,
      value: { ...answer, flight: 'anything' },
    });
  });

  it('fails with one line naming each field and rule', async () => {
    expect(await validateFormAnswer(undefined, schema, { flight: 3, day: '2030-05-01' })).toStrictEqual({
      ok: false,
      issues: [
        { path: 'email', rule: 'required', message: 'email is required' },
        { path: 'flight', rule: 'type', message: 'flight must be a string' },
      ],
      message: 'Invalid answer: email (required): email is required; flight (type): flight must be a string',
    });
  });
});
