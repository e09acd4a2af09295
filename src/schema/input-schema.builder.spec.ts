import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsEmail,
  IsEnum,
  IsInt,
  IsNegative,
  IsOptional,
  IsPositive,
  IsString,
  IsUUID,
  Length,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { Type } from 'class-transformer';
import { Field } from '../decorators/field.decorator.js';
import { buildInputSchema } from './input-schema.builder.js';

class Address {
  @Field({ description: 'City name' }) @Length(1, 60) city!: string;
  @Field() @IsOptional() @Matches(/^\d{5}$/) zip?: string;
}

class LineItem {
  @Field() sku!: string;
  @Field() @IsInt() @Min(1) quantity: number = 1;
}

describe('buildInputSchema', () => {
  it('builds a flat arguments object with additionalProperties: false', () => {
    class SearchArgs {
      @Field({ description: 'What to look for' }) @Length(1, 200) query!: string;
      @IsOptional() @IsInt() @Min(1) @Max(50) limit: number = 10;
      @Field({ optional: true }) exact?: boolean;
    }
    expect(buildInputSchema(SearchArgs)).toStrictEqual({
      type: 'object',
      properties: {
        query: { type: 'string', description: 'What to look for', minLength: 1, maxLength: 200 },
        limit: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
        exact: { type: 'boolean' },
      },
      required: ['query'],
      additionalProperties: false,
    });
  });

  it('inlines nested classes from @ValidateNested() @Type() and from @Field({ type })', () => {
    class ShipArgs {
      @ValidateNested() @Type(() => Address) to!: Address;
      @Field({ type: () => Address, description: 'Where it comes from' })
      @IsOptional()
      @ValidateNested()
      from?: Address;
    }
    const address = {
      type: 'object',
      properties: {
        city: { type: 'string', description: 'City name', minLength: 1, maxLength: 60 },
        zip: { type: 'string', pattern: '^\\d{5}$' },
      },
      required: ['city'],
      additionalProperties: false,
    };
    expect(buildInputSchema(ShipArgs)).toStrictEqual({
      type: 'object',
      properties: { to: address, from: { ...address, description: 'Where it comes from' } },
      required: ['to'],
      additionalProperties: false,
    });
  });

  it('describes arrays of classes and of primitives, with their bounds', () => {
    class OrderArgs {
      @IsArray()
      @ArrayMinSize(1)
      @ArrayMaxSize(20)
      @ValidateNested({ each: true })
      @Type(() => LineItem)
      items!: LineItem[];
      @Field({ items: () => String }) @ArrayUnique() @IsEmail({}, { each: true }) notify!: string[];
      @IsArray() @IsInt({ each: true }) @Min(0, { each: true }) slots!: number[];
    }
    expect(buildInputSchema(OrderArgs)).toStrictEqual({
      type: 'object',
      properties: {
        items: {
          type: 'array',
          minItems: 1,
          maxItems: 20,
          items: {
            type: 'object',
            properties: { sku: { type: 'string' }, quantity: { type: 'integer', minimum: 1, default: 1 } },
            required: ['sku'],
            additionalProperties: false,
          },
        },
        notify: { type: 'array', uniqueItems: true, items: { type: 'string', format: 'email' } },
        slots: { type: 'array', items: { type: 'integer', minimum: 0 } },
      },
      required: ['items', 'notify', 'slots'],
      additionalProperties: false,
    });
  });

  it('keeps what forms cannot carry: pattern, uuid, exclusive bounds, numeric enums, multi-selects', () => {
    enum Priority {
      Low = 1,
      High = 2,
    }
    class TaskArgs {
      @Field({ pattern: '^[a-z-]+$' }) slug!: string;
      @IsUUID() id!: string;
      @Matches(/^x/i) caseless!: string;
      @IsPositive() budget!: number;
      @IsNegative() @Max(-5) offset!: number;
      @IsEnum(Priority) priority!: Priority;
      @Field({ enum: ['a', 'b'], multiple: true }) labels!: string[];
      @Field() due!: Date;
    }
    expect(buildInputSchema(TaskArgs)).toStrictEqual({
      type: 'object',
      properties: {
        slug: { type: 'string', pattern: '^[a-z-]+$' },
        id: { type: 'string', format: 'uuid' },
        caseless: { type: 'string' },
        budget: { type: 'number', exclusiveMinimum: 0 },
        offset: { type: 'number', maximum: -5 },
        priority: { type: 'integer', enum: [1, 2] },
        labels: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
        due: { type: 'string', format: 'date-time' },
      },
      required: ['slug', 'id', 'caseless', 'budget', 'offset', 'priority', 'labels', 'due'],
      additionalProperties: false,
    });
  });

  it('is cached and frozen', () => {
    class PingArgs {
      @IsString() text!: string;
    }
    const schema = buildInputSchema(PingArgs);
    expect(buildInputSchema(PingArgs)).toBe(schema);
    expect(Object.isFrozen(schema.properties)).toBe(true);
  });

  it('allows a class with no fields', () => {
    class NoArgs {}
    expect(buildInputSchema(NoArgs)).toStrictEqual({
      type: 'object',
      properties: {},
      additionalProperties: false,
    });
  });
});

describe('buildInputSchema refuses', () => {
  it('an array with no element type, with a hint that works as written', () => {
    class Untyped {
      @Field() tags!: string[];
    }
    expect(() => buildInputSchema(Untyped)).toThrow(
      'Untyped.tags: is an array with no element type; add @Field({ items: () => String }) (or the element class), or an element rule such as @IsString({ each: true })',
    );
    class AsHinted {
      @Field({ items: () => String }) tags!: string[];
    }
    expect(buildInputSchema(AsHinted).properties).toStrictEqual({
      tags: { type: 'array', items: { type: 'string' } },
    });
  });

  it('an Object-typed property, even when nested, naming its own class', () => {
    class Inner {
      @Field() value!: string | number;
    }
    class Outer {
      @ValidateNested() @Type(() => Inner) inner!: Inner;
    }
    expect(() => buildInputSchema(Outer)).toThrow(
      'Inner.value: reflects as Object (a union such as `string | undefined`, an interface, `any`, or no type annotation); for an optional field write `name?: string` with @IsOptional(), or name the type with @Field({ type: () => String }) or a rule such as @IsString()',
    );
  });

  it('a class nested inside itself', () => {
    class TreeNode {
      @Field() label!: string;
      @Field({ items: () => TreeNode }) children!: TreeNode[];
    }
    expect(() => buildInputSchema(TreeNode)).toThrow(
      'TreeNode.children: nests a class inside itself (TreeNode → TreeNode); nested classes are inlined, so recursion is not supported',
    );
  });

  it('types JSON Schema cannot describe, and a bad pattern', () => {
    class MapArgs {
      @Field({ type: () => Map }) lookup!: Map<string, string>;
    }
    class PatternArgs {
      @Field({ pattern: '(' }) text!: string;
    }
    class BytesArgs {
      @Field({ type: () => Buffer }) data!: Buffer;
    }
    class Interval {
      @Field() minutes!: number;
    }
    class IntervalArgs {
      @Field({ type: () => Interval }) every!: Interval;
    }
    expect(() => buildInputSchema(MapArgs)).toThrow(
      'MapArgs.lookup: has type Map, which JSON Schema cannot describe',
    );
    expect(() => buildInputSchema(BytesArgs)).toThrow(
      'BytesArgs.data: has type Buffer, which JSON Schema cannot describe',
    );
    expect(buildInputSchema(IntervalArgs).properties.every).toMatchObject({ type: 'object' });
    expect(() => buildInputSchema(PatternArgs)).toThrow(
      'PatternArgs.text: has a `pattern` that is not a valid regular expression: (',
    );
  });

  it('a class that cannot be built without arguments', () => {
    class Needy {
      @Field() name: string;
      constructor(name: string) {
        this.name = name.trim();
      }
    }
    expect(() => buildInputSchema(Needy)).toThrow(/^Needy: must be constructible without arguments/);
  });
});
