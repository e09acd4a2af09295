import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { FieldMetadataStore } from '../metadata/field-metadata.store.js';
import { MetadataKeys } from '../metadata/metadata-keys.js';
import { Field } from './field.decorator.js';

describe('@Field()', () => {
  it('records options per property in declaration order, leaving unset keys out', () => {
    class Contact {
      @Field({ title: 'Name', description: undefined }) name!: string;
      @Field() email!: string;
    }
    expect([...FieldMetadataStore.read(Contact)]).toStrictEqual([
      ['name', { title: 'Name' }],
      ['email', {}],
    ]);
    expect(Reflect.getOwnMetadata(MetadataKeys.fields, Contact)).toBeInstanceOf(Map);
  });

  it('takes an enum schema (what EnumSchema builds) as is, under `schema`', () => {
    const env = { type: 'string' as const, enum: ['dev', 'prod'] };
    class Deploy {
      @Field(env) env!: string;
    }
    expect(FieldMetadataStore.read(Deploy).get('env')).toStrictEqual({ schema: env });
  });

  it('merges along the prototype chain without touching the parent', () => {
    class Base {
      @Field({ title: 'City', description: 'Base' }) city!: string;
    }
    class Child extends Base {
      @Field() zip!: string;
    }
    // What `@Field({ description: 'Child' })` on a redeclared `city` does.
    Field({ description: 'Child' })(Child.prototype, 'city');
    expect([...FieldMetadataStore.read(Child)]).toStrictEqual([
      ['city', { title: 'City', description: 'Child' }],
      ['zip', {}],
    ]);
    expect([...FieldMetadataStore.read(Base)]).toStrictEqual([
      ['city', { title: 'City', description: 'Base' }],
    ]);
    expect([...FieldMetadataStore.readOwn(Child).keys()]).toStrictEqual(['zip', 'city']);
  });

  it('refuses static and symbol properties', () => {
    const decorate = Field();
    expect(() => decorate(class Holder {}, 'x')).toThrow(
      '@Field() belongs on an instance property, not a static one',
    );
    expect(() => decorate({}, Symbol('s'))).toThrow('@Field() needs a string property name');
  });
});
