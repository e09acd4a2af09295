import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import {
  IsArray,
  IsEmail,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  ValidateNested,
  ValidateBy,
} from 'class-validator';
import { Type } from 'class-transformer';
import { Field } from '../decorators/field.decorator.js';
import { validateClass } from './class-instance.check.js';
import { validationPlanFor } from './validation-plan.js';
import { buildInputSchema } from '../schema/input-schema.builder.js';
import { jsonValuePredicateOf } from '../schema/json-value-predicate.builder.js';

class Address {
  @IsString() @Length(1, 40) city!: string;
  @Field({ optional: true }) @Matches(/^\d{5}$/) zip?: string;
}

class Item {
  @IsString() sku!: string;
  @IsInt() @Min(1) quantity: number = 1;
}

class OrderArgs {
  @IsEmail() email!: string;
  @IsInt() @Min(0) @Max(150) age!: number;
  @ValidateNested() @Type(() => Address) address!: Address;
  @IsArray() @ValidateNested({ each: true }) @Type(() => Item) items!: Item[];
  @Field({ optional: true, default: 'standard', enum: ['standard', 'express'] }) shipping?: string;
  @IsOptional() @Field() note: string = 'none';
  @Field({ optional: true }) deliverBy?: Date;
}

const valid = { email: 'ada@example.com', age: 36, address: { city: 'London' }, items: [{ sku: 'A1' }] };

describe('validateClass', () => {
  it('builds an instance: nested classes, arrays of them, Dates, initializer and @Field defaults', async () => {
    const outcome = await validateClass(OrderArgs, {
      ...valid,
      deliverBy: '2030-01-02T03:04:05Z',
      note: null,
    });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const args = outcome.value;
    expect(args).toBeInstanceOf(OrderArgs);
    expect(args.address).toBeInstanceOf(Address);
    expect(args.items[0]).toBeInstanceOf(Item);
    expect(args.items[0]!.quantity).toBe(1);
    expect(args.shipping).toBe('standard');
    expect(args.note).toBe('none');
    expect(args.deliverBy).toStrictEqual(new Date('2030-01-02T03:04:05Z'));
  });

  it('names each failing field and rule in one line', async () => {
    const outcome = await validateClass(OrderArgs, { ...valid, email: 'nope', age: 200 });
    expect(outcome).toStrictEqual({
      ok: false,
      issues: [
        { path: 'email', rule: 'isEmail', message: 'email must be an email' },
        { path: 'age', rule: 'max', message: 'age must not be greater than 150' },
      ],
      message:
        'Invalid arguments: email (isEmail): email must be an email; age (max): age must not be greater than 150',
    });
  });

  it('reports nested paths', async () => {
    const outcome = await validateClass(OrderArgs, {
      ...valid,
      address: { city: '' },
      items: [{ sku: 'A' }, { sku: 7, quantity: 0 }],
    });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.issues).toStrictEqual([
      {
        path: 'address.city',
        rule: 'isLength',
        message: 'city must be longer than or equal to 1 characters',
      },
      { path: 'items[1].sku', rule: 'isString', message: 'sku must be a string' },
      { path: 'items[1].quantity', rule: 'min', message: 'quantity must not be less than 1' },
    ]);
  });

  it('enforces rules the schema cannot carry, such as @Matches and custom validators', async () => {
    class CodeArgs {
      @Matches(/^[A-Z]{3}$/i) code!: string;
      @ValidateBy({
        name: 'isEven',
        validator: { validate: (value) => Number(value) % 2 === 0, defaultMessage: () => 'n must be even' },
      })
      @IsInt()
      n!: number;
    }
    const outcome = await validateClass(CodeArgs, { code: 'abcd', n: 3 });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.issues.map((issue) => `${issue.path}:${issue.rule}`)).toStrictEqual([
      'code:matches',
      'n:isEven',
    ]);
  });

  it('refuses unknown properties at every level', async () => {
    const outcome = await validateClass(OrderArgs, {
      ...valid,
      address: { city: 'Paris', planet: 'Earth' },
      coupon: 'X',
    });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.message).toBe(
      'Invalid arguments: address.planet (additionalProperties): address.planet is not an allowed property; ' +
        'coupon (additionalProperties): coupon is not an allowed property',
    );
  });

  it('checks the schema for fields with no class-validator rule, and never converts types', async () => {
    class PlainArgs {
      @Field() name!: string;
      @Field() count!: number;
      @Field({ enum: ['a', 'b'] }) mode!: string;
    }
    const outcome = await validateClass(PlainArgs, { count: '5', mode: 'c' });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.issues).toStrictEqual([
      { path: 'name', rule: 'required', message: 'name is required' },
      { path: 'count', rule: 'type', message: 'count must be a number' },
      { path: 'mode', rule: 'enum', message: 'mode must be one of: a, b' },
    ]);
  });

  it('treats missing arguments as {} and refuses a non-object', async () => {
    class OptionalArgs {
      @Field({ optional: true }) @IsEmail() email?: string;
    }
    expect(await validateClass(OptionalArgs, undefined)).toStrictEqual({
      ok: true,
      value: expect.any(OptionalArgs),
    });
    expect(await validateClass(OptionalArgs, ['x'], { label: 'Bad input' })).toStrictEqual({
      ok: false,
      issues: [{ path: '', rule: 'type', message: 'value must be an object' }],
      message: 'Bad input: (root) (type): value must be an object',
    });
  });

  it('says only "is required" for a missing field, not every rule about its value', async () => {
    class Booking {
      @Field() @IsInt() @Min(1) @Max(12) guests!: number;
      @Field() @Length(1, 40) name!: string;
    }
    const outcome = await validateClass(Booking, { name: 'Ada' });
    expect(outcome).toStrictEqual({
      ok: false,
      issues: [{ path: 'guests', rule: 'required', message: 'guests is required' }],
      message: 'Invalid arguments: guests (required): guests is required',
    });
    const wrong = await validateClass(Booking, { guests: 0, name: 'Ada' });
    expect(wrong.ok ? [] : wrong.issues.map((issue) => issue.rule)).toStrictEqual(['min']);
  });

  it('says a value of the wrong type must be of its type, before any rule about its value', async () => {
    class Order {
      @Field() @Min(1) quantity!: number;
      @Field() @IsInt() @Min(1) @Max(12) guests!: number;
      @Field() @ValidateNested() @Type(() => Address) address!: Address;
    }
    const outcome = await validateClass(Order, { quantity: '12', guests: '3', address: 'London' });
    expect(outcome).toMatchObject({
      ok: false,
      issues: [
        { path: 'quantity', rule: 'type', message: 'quantity must be a number' },
        { path: 'guests', rule: 'isInt', message: 'guests must be an integer number' },
        { path: 'address', rule: 'type', message: 'address must be an object' },
      ],
    });
  });
});

describe('the schema arguments are checked against', () => {
  it('is the class input schema, frozen all through, so valid arguments are told apart by its predicate', () => {
    const plan = validationPlanFor(OrderArgs);
    expect(plan.schema).toStrictEqual(buildInputSchema(OrderArgs));
    expect(plan.schema).not.toBe(plan.model.objectSchema);
    expect(jsonValuePredicateOf(plan.schema)).toBeDefined();
  });
});
