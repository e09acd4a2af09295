import type { FormSchema } from './form-schema.builder.js';
import { buildJsonFormSchema } from './json-form-schema.builder.js';
import { readStandardJsonSchema } from './standard-json-schema.reader.js';
import type { StandardSchema } from './standard-schema.js';

/** A Standard Schema form: the name errors and `elicitor forms` use, and its exact `requestedSchema`. */
export interface StandardForm {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly schema: FormSchema;
}

const cache = new WeakMap<StandardSchema, StandardForm>();

/**
 * The form of a Standard Schema: its library's JSON Schema of the input, cleaned and checked as a flat
 * form (see `buildJsonFormSchema`). Named by its JSON Schema `title` (`.meta({ title })` in Zod,
 * `v.title()` in Valibot), else by its library. Built once per schema; throws `SchemaDefinitionError`.
 */
export function buildStandardForm(schema: StandardSchema): StandardForm {
  const cached = cache.get(schema);
  if (cached) return cached;
  const fallbackName = `${schema['~standard'].vendor} form`;
  const json = readStandardJsonSchema(schema, fallbackName, 'input', 'form');
  const title = typeof json.title === 'string' ? json.title : undefined;
  const description = typeof json.description === 'string' ? json.description : undefined;
  const name = title ?? fallbackName;
  const form: StandardForm = {
    name,
    ...(title !== undefined ? { title } : {}),
    ...(description !== undefined ? { description } : {}),
    schema: buildJsonFormSchema(json, name),
  };
  cache.set(schema, form);
  return form;
}
