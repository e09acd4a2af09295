import type { ClassType } from '../metadata/class-type.js';
import type { DeclaredForm } from '../metadata/declared-form.js';
import { buildStandardForm } from './standard-form-schema.builder.js';
import { isStandardSchema } from './standard-schema.js';
import { ElicitSchemaMetadataStore } from '../metadata/elicit-schema-metadata.store.js';
import { SchemaDefinitionError } from '../errors/schema-definition.error.js';
import { buildFormSchema, wasFormBuildAttempted } from './form-schema.builder.js';

/**
 * Checks, at bootstrap, the forms of one app so a broken form fails there rather than on the first call
 * that asks with it: the listed forms (classes and Standard Schemas), and every `@ElicitSchema()` class declared so far that the app's
 * code names (`isNamedByApp`). These are built on every call, so a second app in the same process is
 * refused just like the first; the first `SchemaDefinitionError` is thrown.
 *
 * A declared form no code of this app names belongs to another app (or to a test asserting its
 * refusal): it does not stop this one. Its refusal is returned, for a warning, unless someone already
 * tried to build it (and so got the error).
 */
export function checkDeclaredForms(
  listed: readonly DeclaredForm[],
  isNamedByApp: (form: ClassType) => boolean,
): SchemaDefinitionError[] {
  for (const form of listed) {
    if (isStandardSchema(form)) buildStandardForm(form);
    else buildFormSchema(form);
  }
  const unclaimed: SchemaDefinitionError[] = [];
  for (const declared of ElicitSchemaMetadataStore.declared() as ClassType[]) {
    if (listed.includes(declared as DeclaredForm)) continue;
    if (isNamedByApp(declared)) {
      buildFormSchema(declared);
      continue;
    }
    if (wasFormBuildAttempted(declared)) continue;
    try {
      buildFormSchema(declared);
    } catch (error) {
      if (!(error instanceof SchemaDefinitionError)) throw error;
      unclaimed.push(error);
    }
  }
  return unclaimed;
}
