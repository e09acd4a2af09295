import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import {
  IsEmail,
  IsEnum,
  IsIn,
  IsInt,
  IsISO8601,
  IsDateString,
  IsNotEmpty,
  IsOptional,
  IsPositive,
  IsUrl,
  IsUUID,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ArrayMinSize,
  IsArray,
  IsDefined,
} from 'class-validator';
import { ElicitSchema } from '../decorators/elicit-schema.decorator.js';
import { Field } from '../decorators/field.decorator.js';
import { buildFormSchema } from './form-schema.builder.js';
import { FIVE_ENUM_SHAPES_FORM } from './five-enum-shapes.spec-helper.js';

describe('buildFormSchema: strings', () => {
  it('maps a plain string and the length rules', () => {
    @ElicitSchema()
    class Profile {
      @Field() nickname!: string;
      @Field() @MinLength(2) first!: string;
      @Field() @MaxLength(40) last!: string;
      @Field() @Length(1, 80) full!: string;
      @Field() @IsNotEmpty() @MaxLength(10) code!: string;
    }
    expect(buildFormSchema(Profile)).toEqual({
      type: 'object',
      properties: {
        nickname: { type: 'string' },
        first: { type: 'string', minLength: 2 },
        last: { type: 'string', maxLength: 40 },
        full: { type: 'string', minLength: 1, maxLength: 80 },
        code: { type: 'string', minLength: 1, maxLength: 10 },
      },
      required: ['nickname', 'first', 'last', 'full', 'code'],
    });
  });

  it('maps each wire format, from validators, Date and @Field', () => {
    @ElicitSchema()
    class Formats {
      @Field() @IsEmail() email!: string;
      @Field() @IsUrl() site!: string;
      @Field() @IsDateString() since!: string;
      @Field() @IsISO8601() until!: string;
      @Field() at!: Date;
      @Field({ format: 'date' }) birthday!: Date;
      @Field({ format: 'date' }) day!: string;
    }
    expect(buildFormSchema(Formats)).toEqual({
      type: 'object',
      properties: {
        email: { type: 'string', format: 'email' },
        site: { type: 'string', format: 'uri' },
        since: { type: 'string', format: 'date-time' },
        until: { type: 'string', format: 'date-time' },
        at: { type: 'string', format: 'date-time' },
        birthday: { type: 'string', format: 'date' },
        day: { type: 'string', format: 'date' },
      },
      required: ['email', 'site', 'since', 'until', 'at', 'birthday', 'day'],
    });
  });

  it('leaves out what the wire cannot carry (pattern from @Matches, uuid) but keeps the field', () => {
    @ElicitSchema()
    class Ticket {
      @Field() @Matches(/^[A-Z]{3}-\d+$/) @MaxLength(12) code!: string;
      @Field() @IsUUID() id!: string;
    }
    expect(buildFormSchema(Ticket)).toEqual({
      type: 'object',
      properties: { code: { type: 'string', maxLength: 12 }, id: { type: 'string' } },
      required: ['code', 'id'],
    });
  });

  it('adds title, description and a default', () => {
    @ElicitSchema()
    class Greeting {
      @Field({ title: 'Name', description: 'How we greet you', default: 'friend' }) name!: string;
    }
    expect(buildFormSchema(Greeting)).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string', title: 'Name', description: 'How we greet you', default: 'friend' },
      },
    });
  });
});

describe('buildFormSchema: numbers and booleans', () => {
  it('maps number, integer with bounds, positive integers and booleans with defaults', () => {
    @ElicitSchema()
    class Order {
      @Field() price!: number;
      @Field() @IsInt() @Min(0) @Max(150) age!: number;
      @Field() @Min(0.5) @Max(9.5) rating!: number;
      @Field() @IsInt() @IsPositive() quantity!: number;
      @Field() @IsPositive() weight!: number;
      @Field({ default: true }) gift!: boolean;
      @Field() express: boolean = false;
    }
    expect(buildFormSchema(Order)).toEqual({
      type: 'object',
      properties: {
        price: { type: 'number' },
        age: { type: 'integer', minimum: 0, maximum: 150 },
        rating: { type: 'number', minimum: 0.5, maximum: 9.5 },
        quantity: { type: 'integer', minimum: 1 },
        weight: { type: 'number' },
        gift: { type: 'boolean', default: true },
        express: { type: 'boolean', default: false },
      },
      required: ['price', 'age', 'rating', 'quantity', 'weight'],
    });
  });
});

describe('buildFormSchema: enums through @Field options', () => {
  it('builds all five shapes', () => {
    @ElicitSchema()
    class Deploy {
      @Field({ enum: ['dev', 'prod'], default: 'dev' }) env!: string;
      @Field({
        enum: [
          { const: 'eu', title: 'Europe' },
          { const: 'us', title: 'United States' },
        ],
      })
      region!: string;
      @Field({ enum: ['red', 'green', 'blue'], multiple: true, minItems: 1, maxItems: 2, default: ['red'] })
      colors!: string[];
      @Field({
        enum: [
          { const: 'a', title: 'Alpha' },
          { const: 'b', title: 'Beta' },
        ],
        multiple: true,
      })
      channels!: string[];
      @Field({ enum: ['s', 'm', 'l'], enumNames: ['Small', 'Medium', 'Large'] }) size!: string;
    }
    expect(buildFormSchema(Deploy)).toEqual(FIVE_ENUM_SHAPES_FORM);
  });

  it('reads @IsIn, @IsEnum (string enum) and element rules as untitled selects', () => {
    enum Tier {
      Free = 'free',
      Pro = 'pro',
    }
    @ElicitSchema()
    class Plan {
      @Field() @IsIn(['monthly', 'yearly']) billing!: string;
      @Field() @IsEnum(Tier) tier!: Tier;
      @Field() @IsArray() @ArrayMinSize(1) @IsIn(['sms', 'mail'], { each: true }) notify!: string[];
    }
    expect(buildFormSchema(Plan)).toEqual({
      type: 'object',
      properties: {
        billing: { type: 'string', enum: ['monthly', 'yearly'] },
        tier: { type: 'string', enum: ['free', 'pro'] },
        notify: { type: 'array', minItems: 1, items: { type: 'string', enum: ['sms', 'mail'] } },
      },
      required: ['billing', 'tier', 'notify'],
    });
  });
});

describe('buildFormSchema: defaults', () => {
  it('takes defaults from initializers, including an agreeing @Field default; a default makes a field optional', () => {
    @ElicitSchema()
    class Preferences {
      @Field() @IsOptional() @MaxLength(20) theme: string = 'dark';
      @Field() @IsInt() @Max(100) volume: number = 40;
      @Field({ default: 'en' }) language: string = 'en';
      @Field({ enum: ['a', 'b'], multiple: true }) picks: string[] = ['b'];
      @Field({ format: 'date' }) start: Date = new Date('2030-01-02T00:00:00Z');
      @Field() @IsDefined() confirm: boolean = true;
    }
    expect(buildFormSchema(Preferences)).toEqual({
      type: 'object',
      properties: {
        theme: { type: 'string', maxLength: 20, default: 'dark' },
        volume: { type: 'integer', maximum: 100, default: 40 },
        language: { type: 'string', default: 'en' },
        picks: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, default: ['b'] },
        start: { type: 'string', format: 'date', default: '2030-01-02' },
        confirm: { type: 'boolean', default: true },
      },
      required: ['confirm'],
    });
  });
});

describe('buildFormSchema: required and optional', () => {
  it('requires every field but those with @IsOptional(), @Field({ optional: true }) or a default', () => {
    @ElicitSchema()
    class Survey {
      @Field() answer!: string;
      @Field() @IsOptional() comment?: string;
      @Field({ optional: true }) score?: number;
    }
    expect(buildFormSchema(Survey)).toEqual({
      type: 'object',
      properties: { answer: { type: 'string' }, comment: { type: 'string' }, score: { type: 'number' } },
      required: ['answer'],
    });
  });

  it('omits `required` when nothing is required, and allows an empty form', () => {
    @ElicitSchema()
    class Note {
      @Field({ optional: true }) text?: string;
    }
    @ElicitSchema()
    class Confirm {}
    expect(buildFormSchema(Note)).toEqual({ type: 'object', properties: { text: { type: 'string' } } });
    expect(buildFormSchema(Confirm)).toEqual({ type: 'object', properties: {} });
  });

  it('counts properties with only class-validator rules as fields, in declaration order', () => {
    @ElicitSchema()
    class Mixed {
      @IsEmail() email!: string;
      @Field() name!: string;
      @IsInt() age!: number;
    }
    expect(Object.keys(buildFormSchema(Mixed).properties)).toEqual(['email', 'name', 'age']);
  });

  it('inherits fields, base first, and lets a subclass refine one', () => {
    @ElicitSchema()
    class Base {
      @Field({ title: 'Name' }) name!: string;
      @Field() city!: string;
    }
    @ElicitSchema()
    class Extended extends Base {
      @Field({ description: 'Where you live' }) override city: string = 'Paris';
      @Field() zip!: string;
    }
    expect(buildFormSchema(Extended)).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string', title: 'Name' },
        city: { type: 'string', description: 'Where you live', default: 'Paris' },
        zip: { type: 'string' },
      },
      required: ['name', 'zip'],
    });
  });
});

describe('buildFormSchema: caching', () => {
  it('builds once per class and returns a frozen schema', () => {
    @ElicitSchema()
    class Once {
      @Field() value!: string;
    }
    const schema = buildFormSchema(Once);
    expect(buildFormSchema(Once)).toBe(schema);
    expect(Object.isFrozen(schema.properties.value)).toBe(true);
  });
});
