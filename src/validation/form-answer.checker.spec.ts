import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { IsEmail, IsInt, IsOptional, IsUrl, Length, Max, Min } from 'class-validator';
import { ElicitSchema } from '../decorators/elicit-schema.decorator.js';
import { Field } from '../decorators/field.decorator.js';
import { EnumSchema } from '../schema/enum-schema.js';
import { buildFormSchema } from '../schema/form-schema.builder.js';
import { checkFormAnswer } from './form-answer.checker.js';

@ElicitSchema()
class Signup {
  @Field() @Length(2, 5) name!: string;
  @Field() @IsEmail() email!: string;
  @Field() @IsOptional() @IsUrl() site?: string;
  @Field({ format: 'date' }) @IsOptional() birthday?: Date;
  @Field() @IsOptional() at?: Date;
  @Field() @IsInt() @Min(18) @Max(120) age!: number;
  @Field() @IsOptional() @Min(0.5) score?: number;
  @Field() agree!: boolean;
  @Field({ enum: ['free', 'pro'] }) plan!: string;
  @Field(EnumSchema.titledSingleSelect({ eu: 'Europe' })) @IsOptional() region?: string;
  @Field(EnumSchema.legacyTitled(['s'], ['Small'])) @IsOptional() size?: string;
  @Field(EnumSchema.untitledMultiSelect(['a', 'b', 'c'], { minItems: 1, maxItems: 2 }))
  @IsOptional()
  tags?: string[];
  @Field(EnumSchema.titledMultiSelect({ x: 'Ex', y: 'Why' })) @IsOptional() marks?: string[];
}

const schema = buildFormSchema(Signup);
const good = { name: 'Ada', email: 'ada@example.com', age: 36, agree: true, plan: 'pro' };

describe('checkFormAnswer', () => {
  it('accepts a complete answer, with every optional shape filled in', () => {
    expect(checkFormAnswer(schema, good)).toStrictEqual([]);
    expect(
      checkFormAnswer(schema, {
        ...good,
        site: 'https://ada.dev',
        birthday: '1815-12-10',
        at: '2024-05-01T09:00:00Z',
        score: 0.5,
        region: 'eu',
        size: 's',
        tags: ['a', 'c'],
        marks: ['y'],
      }),
    ).toStrictEqual([]);
  });

  it('reports missing required fields; null counts as missing; missing content is an empty answer', () => {
    expect(checkFormAnswer(schema, { ...good, email: null, agree: undefined })).toStrictEqual([
      { path: 'email', rule: 'required', message: 'email is required' },
      { path: 'agree', rule: 'required', message: 'agree is required' },
    ]);
    expect(checkFormAnswer(schema, undefined).map((issue) => issue.path)).toStrictEqual([
      'name',
      'email',
      'age',
      'agree',
      'plan',
    ]);
  });

  it('checks types, bounds, lengths and formats', () => {
    expect(
      checkFormAnswer(schema, {
        name: 'A',
        email: 'not-an-email',
        site: 'nowhere',
        birthday: '2023-02-30',
        at: 'yesterday',
        age: 17.5,
        score: 0.1,
        agree: 'yes',
        plan: 'pro',
      }),
    ).toStrictEqual([
      { path: 'name', rule: 'minLength', message: 'name must be longer than or equal to 2 characters' },
      { path: 'email', rule: 'format', message: 'email must be a valid email' },
      { path: 'site', rule: 'format', message: 'site must be a valid uri' },
      { path: 'birthday', rule: 'format', message: 'birthday must be a valid date' },
      { path: 'at', rule: 'format', message: 'at must be a valid date-time' },
      { path: 'age', rule: 'type', message: 'age must be an integer' },
      { path: 'score', rule: 'minimum', message: 'score must not be less than 0.5' },
      { path: 'agree', rule: 'type', message: 'agree must be a boolean' },
    ]);
    expect(checkFormAnswer(schema, { ...good, age: 121 })).toStrictEqual([
      { path: 'age', rule: 'maximum', message: 'age must not be greater than 120' },
    ]);
  });

  it('checks membership for every enum shape and multi-select bounds', () => {
    expect(
      checkFormAnswer(schema, {
        ...good,
        plan: 'gold',
        region: 'us',
        size: 'xl',
        tags: ['a', 'b', 'z'],
        marks: 'x',
      }),
    ).toStrictEqual([
      { path: 'plan', rule: 'enum', message: 'plan must be one of: free, pro' },
      { path: 'region', rule: 'enum', message: 'region must be one of: eu' },
      { path: 'size', rule: 'enum', message: 'size must be one of: s' },
      { path: 'tags', rule: 'maxItems', message: 'tags must contain no more than 2 elements' },
      { path: 'tags[2]', rule: 'enum', message: 'tags[2] must be one of: a, b, c' },
      { path: 'marks', rule: 'type', message: 'marks must be an array' },
    ]);
    expect(checkFormAnswer(schema, { ...good, tags: [] })).toStrictEqual([
      { path: 'tags', rule: 'minItems', message: 'tags must contain at least 1 elements' },
    ]);
  });

  it('ignores unknown keys, and refuses content that is not an object', () => {
    expect(checkFormAnswer(schema, { ...good, extra: 'ignored' })).toStrictEqual([]);
    expect(checkFormAnswer(schema, 'yes')).toStrictEqual([
      { path: '', rule: 'type', message: 'value must be an object' },
    ]);
  });
});
