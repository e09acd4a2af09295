import type { PrimitiveSchemaDefinition } from '@modelcontextprotocol/server';
import type { ClassType } from '../metadata/class-type.js';
import { ElicitSchemaMetadataStore } from '../metadata/elicit-schema-metadata.store.js';
import { SchemaDefinitionError } from '../errors/schema-definition.error.js';
import { buildClassModel } from './class-model.builder.js';
import { internFormSchema } from './interned-form-schema.js';

/** An elicitation form's `requestedSchema`: flat, primitive properties only. */
export type FormSchema = {
  type: 'object';
  properties: Record<string, PrimitiveSchemaDefinition>;
  required?: string[];
};

const cache = new WeakMap<ClassType, FormSchema>();
/** Classes someone tried to build: a failure was thrown to that caller, so it is not reported twice. */
const attempted = new WeakSet<ClassType>();

/** Whether `buildFormSchema` has ever run on this class, successfully or not. */
export function wasFormBuildAttempted(cls: ClassType): boolean {
  return attempted.has(cls);
}

/**
 * The `requestedSchema` of an `@ElicitSchema()` class, in the 2026-07-28 form subset. Built once per
 * class and frozen. Throws `SchemaDefinitionError` (`Class.property: reason`) for anything a flat
 * form cannot carry: nested objects, arrays other than enum multi-selects, `@Field({ pattern })`,
 * numeric enums, `Object`-typed properties, and defaults that break their own rules.
 *
 * - Fields are the properties with `@Field()` or a class-validator rule, in declaration order.
 * - `default` comes from `@Field({ default })`, an `EnumSchema` default, or the initializer; given
 *   twice, they must agree.
 * - A field is required unless it has `@IsOptional()`, `@Field({ optional: true })`, or a default
 *   (the server fills an absent value in); `@IsDefined()` keeps a field with a default required.
 * - Rules the wire cannot carry (`@Matches`, custom validators) are left out here and still checked
 *   on the answer.
 */
export function buildFormSchema(cls: ClassType): FormSchema {
  const cached = cache.get(cls);
  if (cached) return cached;
  attempted.add(cls);
  if (!ElicitSchemaMetadataStore.read(cls)) {
    throw new SchemaDefinitionError(
      cls.name,
      undefined,
      'is not decorated with @ElicitSchema(), so it cannot be a form',
    );
  }
  const { fields } = buildClassModel(cls, 'form');
  const required = fields.filter((field) => !field.optional).map((field) => field.name);
  const schema: FormSchema = internFormSchema({
    type: 'object',
    properties: Object.fromEntries(
      fields.map((field) => [field.name, structuredClone(field.schema) as PrimitiveSchemaDefinition]),
    ),
    ...(required.length > 0 ? { required } : {}),
  });
  cache.set(cls, schema);
  return schema;
}
