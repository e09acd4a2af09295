import 'reflect-metadata';
import { MetadataKeys } from './metadata-keys.js';
import type { FieldMetadata } from './field.metadata.js';

type FieldMap = ReadonlyMap<string, FieldMetadata>;

function readOwn(cls: object): FieldMap {
  return (Reflect.getOwnMetadata(MetadataKeys.fields, cls) as FieldMap | undefined) ?? new Map();
}

/** `@Field()` records, kept per class in declaration order and merged along the prototype chain. */
export const FieldMetadataStore = {
  /** Merges into what this very class recorded for the property; a parent's record is never touched. */
  record(cls: object, propertyName: string, metadata: FieldMetadata): void {
    const own = new Map(readOwn(cls));
    own.set(propertyName, { ...own.get(propertyName), ...metadata });
    Reflect.defineMetadata(MetadataKeys.fields, own, cls);
  },

  /** Properties this class declared itself, in declaration order. */
  readOwn,

  /** Base class fields first; a subclass re-decorating a property overrides the keys it sets. */
  read(cls: object): FieldMap {
    const parent = Object.getPrototypeOf(cls) as object | null;
    const inherited = parent && parent !== Function.prototype ? FieldMetadataStore.read(parent) : new Map();
    const merged = new Map(inherited);
    for (const [name, metadata] of readOwn(cls)) merged.set(name, { ...merged.get(name), ...metadata });
    return merged;
  },
};
