import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec';

/**
 * A schema of any library that implements Standard Schema (`~standard.validate`): Zod 4, Valibot,
 * ArkType... `Output` is what a valid value becomes (`z.output<typeof S>`).
 */
export type StandardSchema<Output = unknown> = StandardSchemaV1<unknown, Output>;

/** A Standard Schema that can also describe itself as JSON Schema (`~standard.jsonSchema`). */
export type StandardJsonSchema<Output = unknown> = StandardSchema<Output> &
  StandardJSONSchemaV1<unknown, Output>;

/** Whether a value is a Standard Schema (ArkType's are functions, so functions are looked at too). */
export function isStandardSchema(value: unknown): value is StandardSchema {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false;
  const props = (value as { '~standard'?: { validate?: unknown } })['~standard'];
  return typeof props === 'object' && props !== null && typeof props.validate === 'function';
}
