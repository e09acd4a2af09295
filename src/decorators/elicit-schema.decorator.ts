import { ElicitSchemaMetadataStore } from '../metadata/elicit-schema-metadata.store.js';
import type { ElicitSchemaOptions } from '../metadata/elicit-schema.metadata.js';
import { legacyDecorator } from './decorator-call.check.js';

/**
 * Marks a class as a flat elicitation form: top-level string, number, integer, boolean and enum
 * fields only. `buildFormSchema` refuses any class without it, and anything a form cannot carry.
 */
export function ElicitSchema(options: ElicitSchemaOptions = {}): ClassDecorator {
  return legacyDecorator<ClassDecorator>('@ElicitSchema()', (target) => {
    ElicitSchemaMetadataStore.record(target, { ...options });
  });
}
