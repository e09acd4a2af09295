import type { ClassType } from '../metadata/class-type.js';
import { ElicitSchemaMetadataStore } from '../metadata/elicit-schema-metadata.store.js';
import { buildFormSchema } from '../schema/form-schema.builder.js';
import type { FormSchema } from '../schema/form-schema.builder.js';
import type { DeclaredForm } from '../metadata/declared-form.js';
import { buildStandardForm } from '../schema/standard-form-schema.builder.js';
import { isStandardSchema } from '../schema/standard-schema.js';
import type { ElicitorOptions } from './elicitor.options.js';

/** One form as a client is asked it: its name and texts (the class's `@ElicitSchema`, a schema's title), the exact schema. */
export interface FormDescription {
  name: string;
  title?: string;
  description?: string;
  schema: FormSchema;
}

/** What `elicitor forms` prints: the app and every form it can ask. */
export interface AppFormsListing {
  app: { name: string; version: string };
  forms: FormDescription[];
}

/**
 * Every form of an app: those listed in `forms`, then every other `@ElicitSchema()` class loaded with
 * it (the same rule `Elicitor.create` checks by), each with the schema `buildFormSchema` sends.
 */
export function listAppForms(options: Pick<ElicitorOptions, 'name' | 'version' | 'forms'>): AppFormsListing {
  const declared = new Set<DeclaredForm>(options.forms ?? []);
  for (const form of ElicitSchemaMetadataStore.declared()) declared.add(form as ClassType);
  const forms = [...declared].map((form): FormDescription => {
    if (isStandardSchema(form)) return { ...buildStandardForm(form) };
    const texts = ElicitSchemaMetadataStore.read(form) ?? {};
    return {
      name: form.name,
      ...(texts.title !== undefined ? { title: texts.title } : {}),
      ...(texts.description !== undefined ? { description: texts.description } : {}),
      schema: buildFormSchema(form),
    };
  });
  return { app: { name: options.name, version: options.version }, forms };
}
