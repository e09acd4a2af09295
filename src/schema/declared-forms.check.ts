import type { ClassType } from '../metadata/class-type.js';
import { ElicitSchemaMetadataStore } from '../metadata/elicit-schema-metadata.store.js';
import { buildFormSchema, wasFormBuildAttempted } from './form-schema.builder.js';

/**
 * Builds every `@ElicitSchema()` class declared so far that nobody has built yet, and the listed
 * forms, so a broken form fails at bootstrap rather than on the first call that asks with it.
 * A class whose build already failed is skipped: its error went to whoever built it (a test that
 * asserts the failure), and it must not break an unrelated app created later in the same process.
 * Throws the first `SchemaDefinitionError`, the same `Class.property: reason` a call would get.
 */
export function checkDeclaredForms(listed: readonly ClassType[] = []): void {
  for (const form of listed) buildFormSchema(form);
  for (const declared of ElicitSchemaMetadataStore.declared() as ClassType[]) {
    if (!wasFormBuildAttempted(declared)) buildFormSchema(declared);
  }
}
