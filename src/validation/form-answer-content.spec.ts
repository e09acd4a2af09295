import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { IsEmail, IsInt, IsOptional, IsUrl, Length, Max, Min } from 'class-validator';
import { ElicitSchema } from '../decorators/elicit-schema.decorator.js';
import { Field } from '../decorators/field.decorator.js';
import { EnumSchema } from '../schema/enum-schema.js';
import { buildFormSchema } from '../schema/form-schema.builder.js';
import { checkFormAnswer } from './form-answer.check.js';

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

  it.each([
    ['name', 'A', 'minLength', 'name must be longer than or equal to 2 characters'],
    ['email', 'not-an-email', 'format', 'email must be a valid email'],
    ['site', 'nowhere', 'format', 'site must be a valid uri'],
    ['birthday', '2023-02-30', 'format', 'birthday must be a valid date'],
    ['at', 'yesterday', 'format', 'at must be a valid date-time'],
    ['age', 17.5, 'type', 'age must be an integer'],
    ['age', 121, 'maximum', 'age must not be greater than 120'],
    ['score', 0.1, 'minimum', 'score must not be less than 0.5'],
    ['agree', 'yes', 'type', 'agree must be a boolean'],
    ['plan', 'gold', 'enum', 'plan must be one of: free, pro'],
    ['region', 'us', 'enum', 'region must be one of: eu'],
    ['size', 'xl', 'enum', 'size must be one of: s'],
    ['tags', [], 'minItems', 'tags must contain at least 1 elements'],
    ['marks', 'x', 'type', 'marks must be an array'],
  ])('refuses %s = %j by its %s rule', (path, value, rule, message) => {
    expect(checkFormAnswer(schema, { ...good, [path]: value })).toStrictEqual([{ path, rule, message }]);
  });

  it('reports every issue, in field order, items by index', () => {
    const issues = checkFormAnswer(schema, { ...good, plan: 'gold', name: 'A', tags: ['a', 'b', 'z'] });
    expect(issues.map(({ path, rule }) => `${path} ${rule}`)).toStrictEqual([
      'name minLength',
      'plan enum',
      'tags maxItems',
      'tags[2] enum',
    ]);
    expect(issues[3]?.message).toBe('tags[2] must be one of: a, b, c');
  });

  it('ignores unknown keys, and refuses content that is not an object', () => {
    expect(checkFormAnswer(schema, { ...good, extra: 'ignored' })).toStrictEqual([]);
    expect(checkFormAnswer(schema, 'yes')).toStrictEqual([
      { path: '', rule: 'type', message: 'value must be an object' },
    ]);
  });
});
