import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { ElicitSchemaMetadataStore } from '../metadata/elicit-schema-metadata.store.js';
import { MetadataKeys } from '../metadata/metadata-keys.js';
import { ElicitSchema } from './elicit-schema.decorator.js';

describe('@ElicitSchema()', () => {
  it('records its options on the class itself', () => {
    @ElicitSchema({ title: 'Contact', description: 'How to reach you' })
    class Contact {}
    @ElicitSchema()
    class Empty {}
    expect(ElicitSchemaMetadataStore.read(Contact)).toStrictEqual({
      title: 'Contact',
      description: 'How to reach you',
    });
    expect(Reflect.getOwnMetadata(MetadataKeys.elicitSchema, Empty)).toStrictEqual({});
  });

  it('is not inherited', () => {
    @ElicitSchema()
    class Parent {}
    class Child extends Parent {}
    expect(ElicitSchemaMetadataStore.read(Child)).toBeUndefined();
  });
});
