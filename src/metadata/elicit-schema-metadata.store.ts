import 'reflect-metadata';
import { MetadataKeys } from './metadata-keys.js';
import type { ElicitSchemaMetadata } from './elicit-schema.metadata.js';

/** Every class decorated in this process, in declaration order: only for the bootstrap check. */
const declaredClasses = new Set<object>();

/** `@ElicitSchema()` records. Own metadata only: a subclass is a form only if it says so itself. */
export const ElicitSchemaMetadataStore = {
  record(cls: object, metadata: ElicitSchemaMetadata): void {
    Reflect.defineMetadata(MetadataKeys.elicitSchema, metadata, cls);
    declaredClasses.add(cls);
  },

  read(cls: object): ElicitSchemaMetadata | undefined {
    return Reflect.getOwnMetadata(MetadataKeys.elicitSchema, cls) as ElicitSchemaMetadata | undefined;
  },

  /** The `@ElicitSchema()` classes declared so far. The catalogue never reads this: it uses explicit lists. */
  declared(): readonly object[] {
    return [...declaredClasses];
  },
};
