import { SchemaDefinitionError } from '../errors/schema-definition.error.js';
import type { ClassType } from '../metadata/class-type.js';
import { buildFormSchema } from '../schema/form-schema.builder.js';
import type { FormSchema } from '../schema/form-schema.builder.js';
import { buildStandardForm } from '../schema/standard-form-schema.builder.js';
import { isStandardSchema } from '../schema/standard-schema.js';
import type { StandardSchema } from '../schema/standard-schema.js';
import type { FormAnswerRefiner } from './form-answer.check.js';
import { classAnswerRefiner, standardAnswerRefiner } from './form-answer-refiner.factory.js';

/**
 * What a form is declared with: an `@ElicitSchema()` class, or a Standard Schema (Zod, Valibot,
 * ArkType...) whose output (`T`) is the answer's type.
 */
export type FormSource<T = unknown> = ClassType<T> | StandardSchema<T>;

/** A form as it is asked: its name, the exact `requestedSchema`, and what an accepted answer becomes. */
export interface ReadForm {
  readonly name: string;
  readonly schema: FormSchema;
  readonly refine: FormAnswerRefiner;
}

const read = new WeakMap<object, ReadForm>();

/**
 * Reads a form of either kind once: the class or schema is checked against the flat-form rules (a
 * `SchemaDefinitionError` naming form and property if it breaks one) and remembered, so asking it again
 * costs one lookup. Which kind it is gets decided here, never per answer.
 */
export function readFormSource(source: FormSource): ReadForm {
  const cached = read.get(source);
  if (cached) return cached;
  if (!isStandardSchema(source) && typeof source !== 'function') {
    throw new SchemaDefinitionError(
      'form',
      undefined,
      'a form is an @ElicitSchema() class or a Standard Schema (zod 4.2+, Valibot with toStandardJsonSchema, ArkType)',
    );
  }
  const form: ReadForm = isStandardSchema(source)
    ? fromStandardSchema(source)
    : { name: source.name, schema: buildFormSchema(source), refine: classAnswerRefiner(source) };
  read.set(source, form);
  return form;
}

function fromStandardSchema(source: StandardSchema): ReadForm {
  const { name, schema } = buildStandardForm(source);
  return { name, schema, refine: standardAnswerRefiner(source) };
}
