import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { ElicitSchema } from '../decorators/elicit-schema.decorator.js';
import { Field } from '../decorators/field.decorator.js';
import { SchemaDefinitionError } from '../errors/schema-definition.error.js';
import { EnumSchema } from './enum-schema.js';
import { buildFormSchema } from './form-schema.builder.js';
import { FIVE_ENUM_SHAPES_FORM } from './five-enum-shapes.spec-helper.js';

describe('EnumSchema builders', () => {
  it('untitledSingleSelect', () => {
    expect(EnumSchema.untitledSingleSelect(['dev', 'prod'])).toEqual({
      type: 'string',
      enum: ['dev', 'prod'],
    });
    expect(
      EnumSchema.untitledSingleSelect(['dev', 'prod'], {
        title: 'Env',
        description: 'Where',
        default: 'dev',
      }),
    ).toEqual({
      type: 'string',
      title: 'Env',
      description: 'Where',
      enum: ['dev', 'prod'],
      default: 'dev',
    });
  });

  it('titledSingleSelect from pairs and from a record', () => {
    const expected = {
      type: 'string',
      oneOf: [
        { const: '#FF0000', title: 'Red' },
        { const: '#00FF00', title: 'Green' },
      ],
      default: '#FF0000',
    };
    const pairs = [
      { const: '#FF0000', title: 'Red' },
      { const: '#00FF00', title: 'Green' },
    ];
    expect(EnumSchema.titledSingleSelect(pairs, { default: '#FF0000' })).toEqual(expected);
    expect(
      EnumSchema.titledSingleSelect({ '#FF0000': 'Red', '#00FF00': 'Green' }, { default: '#FF0000' }),
    ).toEqual(expected);
  });

  it('untitledMultiSelect', () => {
    expect(
      EnumSchema.untitledMultiSelect(['Red', 'Green', 'Blue'], { minItems: 1, default: ['Red', 'Green'] }),
    ).toEqual({
      type: 'array',
      minItems: 1,
      items: { type: 'string', enum: ['Red', 'Green', 'Blue'] },
      default: ['Red', 'Green'],
    });
  });

  it('titledMultiSelect', () => {
    expect(
      EnumSchema.titledMultiSelect(
        { '#FF0000': 'Red', '#00FF00': 'Green' },
        { title: 'Colors', minItems: 1, maxItems: 2, default: ['#FF0000'] },
      ),
    ).toEqual({
      type: 'array',
      title: 'Colors',
      minItems: 1,
      maxItems: 2,
      items: {
        anyOf: [
          { const: '#FF0000', title: 'Red' },
          { const: '#00FF00', title: 'Green' },
        ],
      },
      default: ['#FF0000'],
    });
  });

  it('legacyTitled', () => {
    expect(EnumSchema.legacyTitled(['Red', 'Green', 'Blue'], ['Rouge', 'Vert', 'Bleu'])).toEqual({
      type: 'string',
      enum: ['Red', 'Green', 'Blue'],
      enumNames: ['Rouge', 'Vert', 'Bleu'],
    });
  });

  it('returns frozen schemas', () => {
    expect(Object.isFrozen(EnumSchema.untitledMultiSelect(['a']).items)).toBe(true);
  });

  it.each([
    ['untitledSingleSelect', () => EnumSchema.untitledSingleSelect([]), 'an enum needs at least one value'],
    ['untitledSingleSelect', () => EnumSchema.untitledSingleSelect(['a', 'a']), 'enum values must be unique'],
    [
      'untitledSingleSelect',
      () => EnumSchema.untitledSingleSelect([1, 2] as unknown as string[]),
      'numeric enums are not supported; forms carry string choices only, so use string values',
    ],
    [
      'titledSingleSelect',
      () => EnumSchema.titledSingleSelect({ a: 'A' }, { default: 'b' }),
      'default must be one of: a',
    ],
    [
      'untitledMultiSelect',
      () => EnumSchema.untitledMultiSelect(['a'], { default: ['a', 'z'] }),
      'default[1] must be one of: a',
    ],
    [
      'titledMultiSelect',
      () => EnumSchema.titledMultiSelect({ a: 'A' }, { minItems: 2, maxItems: 1 }),
      'minItems is greater than maxItems',
    ],
    [
      'legacyTitled',
      () => EnumSchema.legacyTitled(['a', 'b'], ['A']),
      'enumNames must have one name per enum value',
    ],
  ])('%s refuses a bad definition', (builder, build, reason) => {
    expect(build).toThrow(new SchemaDefinitionError(`EnumSchema.${builder}`, undefined, reason));
  });
});

describe('EnumSchema results as @Field() arguments', () => {
  it('puts each of the five shapes into the form as is', () => {
    @ElicitSchema()
    class Deploy {
      @Field(EnumSchema.untitledSingleSelect(['dev', 'prod'], { default: 'dev' })) env!: string;
      @Field(EnumSchema.titledSingleSelect({ eu: 'Europe', us: 'United States' })) region!: string;
      @Field(
        EnumSchema.untitledMultiSelect(['red', 'green', 'blue'], {
          minItems: 1,
          maxItems: 2,
          default: ['red'],
        }),
      )
      colors!: string[];
      @Field(EnumSchema.titledMultiSelect({ a: 'Alpha', b: 'Beta' })) channels!: string[];
      @Field(EnumSchema.legacyTitled(['s', 'm', 'l'], ['Small', 'Medium', 'Large'])) size!: string;
    }
    expect(buildFormSchema(Deploy)).toEqual(FIVE_ENUM_SHAPES_FORM);
  });

  it('combines with other options through `schema`, and checks the initializer against its default', () => {
    @ElicitSchema()
    class Choice {
      @Field({ schema: EnumSchema.untitledSingleSelect(['a', 'b']), optional: true, description: 'Pick one' })
      pick: string = 'b';
    }
    @ElicitSchema()
    class Clash {
      @Field(EnumSchema.untitledSingleSelect(['a', 'b'], { default: 'a' })) pick: string = 'b';
    }
    expect(buildFormSchema(Choice)).toEqual({
      type: 'object',
      properties: { pick: { type: 'string', description: 'Pick one', enum: ['a', 'b'], default: 'b' } },
    });
    expect(() => buildFormSchema(Clash)).toThrow(
      'Clash.pick: has two defaults: @Field "a" and the initializer "b"; keep one',
    );
  });
});
