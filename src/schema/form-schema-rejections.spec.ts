import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import {
  IsArray,
  IsEnum,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  ValidateNested,
} from 'class-validator';
import { Type } from 'class-transformer';
import { ElicitSchema } from '../decorators/elicit-schema.decorator.js';
import { Field } from '../decorators/field.decorator.js';
import { SchemaDefinitionError } from '../errors/schema-definition.error.js';
import type { ClassType } from '../metadata/class-type.js';
import { buildFormSchema } from './form-schema.builder.js';

function failure(cls: ClassType): SchemaDefinitionError {
  try {
    buildFormSchema(cls);
  } catch (error) {
    if (error instanceof SchemaDefinitionError) return error;
    throw error;
  }
  throw new Error(`${cls.name} was accepted`);
}

class Address {
  @Field() city!: string;
}

describe('buildFormSchema refuses what a flat form cannot carry', () => {
  it('a class without @ElicitSchema()', () => {
    class Plain {
      @Field() name!: string;
    }
    const error = failure(Plain);
    expect(error.message).toBe('Plain: is not decorated with @ElicitSchema(), so it cannot be a form');
    expect(error.code).toBe('SCHEMA_DEFINITION');
  });

  it('a subclass that does not say @ElicitSchema() itself', () => {
    @ElicitSchema()
    class Parent {
      @Field() name!: string;
    }
    class Child extends Parent {}
    expect(failure(Child).message).toMatch(/^Child: is not decorated with @ElicitSchema\(\)/);
  });

  it('a nested object', () => {
    @ElicitSchema()
    class Shipping {
      @Field() @ValidateNested() @Type(() => Address) address!: Address;
    }
    expect(failure(Shipping).message).toBe(
      'Shipping.address: is a nested object (Address); an elicitation form is flat, so ask for its fields one by one',
    );
  });

  it('an array that is not an enum multi-select', () => {
    @ElicitSchema()
    class Tags {
      @Field() @IsArray() @IsString({ each: true }) tags!: string[];
    }
    expect(failure(Tags).message).toBe(
      'Tags.tags: is an array; an elicitation form only carries arrays as enum multi-selects (string choices)',
    );
  });

  it('an array of classes', () => {
    @ElicitSchema()
    class Stops {
      @Field({ items: () => Address }) stops!: Address[];
    }
    expect(failure(Stops).message).toMatch(/^Stops\.stops: is a nested object \(Address\)/);
  });

  it('an array with no element type', () => {
    @ElicitSchema()
    class Bag {
      @Field() things!: string[];
    }
    expect(failure(Bag).message).toBe(
      "Bag.things: is an array with no element type; a form carries an array only as a multi-select: @Field({ enum: ['a', 'b'], multiple: true })",
    );
    @ElicitSchema()
    class AsHinted {
      @Field({ enum: ['a', 'b'], multiple: true }) things!: string[];
    }
    expect(buildFormSchema(AsHinted).properties.things).toStrictEqual({
      type: 'array',
      items: { type: 'string', enum: ['a', 'b'] },
    });
  });

  it('@Field({ pattern })', () => {
    @ElicitSchema()
    class Code {
      @Field({ pattern: '^[0-9]+$' }) pin!: string;
    }
    expect(failure(Code).message).toBe(
      'Code.pin: has a `pattern`, which elicitation forms cannot carry; use @Matches(), which is checked on the answer',
    );
  });

  it('a numeric enum', () => {
    enum Level {
      Low,
      High,
    }
    @ElicitSchema()
    class Alert {
      @Field() @IsEnum(Level) level!: Level;
    }
    @ElicitSchema()
    class Pick {
      @Field({ enum: [1, 2] as unknown as string[] }) choice!: string;
    }
    @ElicitSchema()
    class Listed {
      @Field() @IsIn([1, 2]) value!: number;
    }
    const numeric = 'has a numeric enum; forms carry string choices only, so use string values';
    expect(failure(Alert).message).toBe(`Alert.level: ${numeric}`);
    expect(failure(Pick).message).toBe(
      'Pick.choice: numeric enums are not supported; forms carry string choices only, so use string values',
    );
    expect(failure(Listed).message).toBe(`Listed.value: ${numeric}`);
  });

  it('a union, an un-annotated property and an interface type (design:type Object)', () => {
    const reason =
      'reflects as Object (a union such as `string | undefined`, an interface, `any`, or no type annotation); for an optional field write `name?: string` with @IsOptional(), or name the type with @Field({ type: () => String }) or a rule such as @IsString()';
    @ElicitSchema()
    class Union {
      @Field() value!: string | number;
    }
    @ElicitSchema()
    class Inferred {
      @Field() name = 'x';
    }
    interface Shape {
      side: number;
    }
    @ElicitSchema()
    class Described {
      @Field() shape!: Shape;
    }
    expect(failure(Union).message).toBe(`Union.value: ${reason}`);
    expect(failure(Inferred).message).toBe(`Inferred.name: ${reason}`);
    expect(failure(Described).message).toBe(`Described.shape: ${reason}`);
  });

  it('a property with neither @Field() nor a rule', () => {
    @ElicitSchema()
    class Loose {
      @Field() name!: string;
      note: string = '';
    }
    expect(failure(Loose).message).toBe(
      'Loose.note: has neither @Field() nor a class-validator rule, so no schema would mention it; decorate it or remove it',
    );
  });

  it('every bad property of a class at once, one per line', () => {
    @ElicitSchema()
    class Messy {
      @Field() ok!: string;
      @Field() address!: Address;
      note: string = '';
      @Field() tags!: string[];
    }
    const error = failure(Messy);
    expect(error.message).toBe(
      [
        'Messy: 3 problems:',
        '  Messy.note: has neither @Field() nor a class-validator rule, so no schema would mention it; decorate it or remove it',
        '  Messy.address: is a nested object (Address); an elicitation form is flat, so ask for its fields one by one',
        "  Messy.tags: is an array with no element type; a form carries an array only as a multi-select: @Field({ enum: ['a', 'b'], multiple: true })",
      ].join('\n'),
    );
    expect(error.issues.map((issue) => issue.propertyName)).toStrictEqual(['note', 'address', 'tags']);
  });
});

describe('buildFormSchema accepts', () => {
  it('`name?: string | undefined` (design:type Object) typed by its rule, optional with @IsOptional()', () => {
    @ElicitSchema()
    class Note {
      @IsOptional() @IsString() text?: string | undefined;
      @Field() @IsInt() count!: number | null;
    }
    expect(buildFormSchema(Note)).toStrictEqual({
      type: 'object',
      properties: { text: { type: 'string' }, count: { type: 'integer' } },
      required: ['count'],
    });
  });

  it('`name?: string` with @IsOptional(), as the refusal of a union suggests', () => {
    @ElicitSchema()
    class Note {
      @IsOptional() text?: string;
    }
    expect(buildFormSchema(Note)).toStrictEqual({
      type: 'object',
      properties: { text: { type: 'string' } },
    });
  });
});

describe('buildFormSchema refuses defaults that break their own rules', () => {
  it('a default above @Max', () => {
    @ElicitSchema()
    class Person {
      @Field({ default: 200 }) @IsInt() @Max(150) age!: number;
    }
    expect(failure(Person).message).toBe(
      'Person.age: has default 200, which breaks its own rules: age must not be greater than 150',
    );
  });

  it('a default outside the enum, and of the wrong type', () => {
    @ElicitSchema()
    class Env {
      @Field({ enum: ['dev', 'prod'], default: 'test' }) env!: string;
    }
    @ElicitSchema()
    class Flag {
      @Field({ default: 'yes' }) on!: boolean;
    }
    expect(failure(Env).message).toBe(
      'Env.env: has default "test", which breaks its own rules: env must be one of: dev, prod',
    );
    expect(failure(Flag).message).toBe(
      'Flag.on: has default "yes", which breaks its own rules: on must be a boolean',
    );
  });

  it('a default that fails a rule the wire cannot carry', () => {
    @ElicitSchema()
    class Pin {
      @Field() @Matches(/^\d{4}$/) pin: string = 'abcd';
    }
    expect(failure(Pin).message).toBe(
      'Pin.pin: has default "abcd", which breaks its own rules: pin must match /^\\d{4}$/ regular expression (matches)',
    );
  });

  it('two defaults that disagree', () => {
    @ElicitSchema()
    class Volume {
      @Field({ default: 5 }) level: number = 7;
    }
    expect(failure(Volume).message).toBe(
      'Volume.level: has two defaults: @Field 5 and the initializer 7; keep one',
    );
  });
});

describe('buildFormSchema refuses contradictory declarations', () => {
  it('an enum on a number, a single select on an array, a multi-select on a string', () => {
    @ElicitSchema()
    class A {
      @Field({ enum: ['a'] }) count!: number;
    }
    @ElicitSchema()
    class B {
      @Field({ enum: ['a'] }) picks!: string[];
    }
    @ElicitSchema()
    class C {
      @Field({ enum: ['a'], multiple: true }) pick!: string;
    }
    expect(failure(A).message).toBe(
      'A.count: has enum choices, which are strings, but the property is typed Number',
    );
    expect(failure(B).message).toBe(
      'B.picks: is an array, but its enum is a single select; add `multiple: true`',
    );
    expect(failure(C).message).toBe('C.pick: is a multi-select, so type the property string[]');
  });

  it('format on a number, and minItems on a string', () => {
    @ElicitSchema()
    class D {
      @Field({ format: 'email' }) n!: number;
    }
    @ElicitSchema()
    class E {
      @Field({ minItems: 1 }) s!: string;
    }
    expect(failure(D).message).toBe('D.n: has a `format` but is not a string');
    expect(failure(E).message).toBe('E.s: has minItems/maxItems but is not an array');
  });
});
