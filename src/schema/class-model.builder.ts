import type { ClassType } from '../metadata/class-type.js';
import { readClassFields } from './class-fields.reader.js';
import { mapField, type FieldModel, type MapperContext, type SchemaMode } from './field-schema-mapper.js';
import type { Fail } from './field-kind-resolver.js';
import { primitiveSchemaProblem } from './form-subset.check.js';
import type { JsonSchemaObject } from './json-schema.js';
import { checkDefaultsAgainstRules } from './rule-default.check.js';
import { SchemaDefinitionError } from '../errors/schema-definition.error.js';

/** A class, read once: its fields and, in input mode, its full object schema. */
export interface ClassModel {
  readonly cls: ClassType;
  readonly mode: SchemaMode;
  readonly fields: readonly FieldModel[];
  /** `{ type: 'object', properties, required?, additionalProperties: false }`, nested classes inline. */
  readonly objectSchema: JsonSchemaObject;
}

const caches: Record<SchemaMode, WeakMap<ClassType, ClassModel>> = {
  form: new WeakMap(),
  input: new WeakMap(),
};
/** Classes whose input schema is being built right now, to catch a class nested inside itself. */
const underConstruction: ClassType[] = [];

function nestedSchema(cls: ClassType, fail: Fail): JsonSchemaObject {
  if (underConstruction.includes(cls)) {
    const path = [...underConstruction.slice(underConstruction.indexOf(cls)), cls]
      .map((each) => each.name)
      .join(' → ');
    fail(`nests a class inside itself (${path}); nested classes are inlined, so recursion is not supported`);
  }
  return buildClassModel(cls, 'input').objectSchema;
}

function objectSchema(fields: readonly FieldModel[]): JsonSchemaObject {
  const required = fields.filter((field) => !field.optional).map((field) => field.name);
  return {
    type: 'object',
    properties: Object.fromEntries(fields.map((field) => [field.name, field.schema])),
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
}

/**
 * Reads a class into field models. `form` refuses whatever a flat elicitation form cannot carry;
 * `input` allows nesting. Cached per class and mode; a failing class throws every time.
 */
export function buildClassModel(cls: ClassType, mode: SchemaMode): ClassModel {
  const cached = caches[mode].get(cls);
  if (cached) return cached;

  underConstruction.push(cls);
  try {
    const { className, fields: sources, undecorated } = readClassFields(cls);
    const context: MapperContext = { mode, nestedSchema };
    // Every property is mapped, so one refusal lists all that is wrong with the class.
    const problems: SchemaDefinitionError[] = [...undecorated];
    const fields: FieldModel[] = [];
    for (const source of sources) {
      try {
        const field = mapField(className, source, context);
        const problem = mode === 'form' ? primitiveSchemaProblem(field.schema) : undefined;
        if (problem) problems.push(new SchemaDefinitionError(className, field.name, problem));
        else fields.push(field);
      } catch (error) {
        if (!(error instanceof SchemaDefinitionError) || error.className !== className) throw error;
        problems.push(error);
      }
    }
    if (problems.length > 0) throw SchemaDefinitionError.listing(className, problems);
    checkDefaultsAgainstRules(cls, fields);
    const model: ClassModel = { cls, mode, fields, objectSchema: objectSchema(fields) };
    caches[mode].set(cls, model);
    return model;
  } finally {
    underConstruction.pop();
  }
}
