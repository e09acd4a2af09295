import 'reflect-metadata';
import { MetadataKeys } from './metadata-keys.js';
import type { ElicitSchemaMetadata } from './elicit-schema.metadata.js';

/** `@ElicitSchema()` records. Own metadata only: a subclass is a form only if it says so itself. */
export const ElicitSchemaMetadataStore = {
  record(cls: object, metadata: ElicitSchemaMetadata): void {
    Reflect.defineMetadata(MetadataKeys.elicitSchema, metadata, cls);
  },

  read(cls: object): ElicitSchemaMetadata | undefined {
    return Reflect.getOwnMetadata(MetadataKeys.elicitSchema, cls) as ElicitSchemaMetadata | undefined;
  },
};
