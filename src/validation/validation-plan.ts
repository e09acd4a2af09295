import type { TargetMap } from 'class-transformer';
import type { ClassType } from '../metadata/class-type.js';
import { buildClassModel, type ClassModel } from '../schema/class-model.builder.js';
import type { JsonSchemaObject } from '../schema/json-schema.js';
import { deepFreeze } from '../shared/deep-freeze.js';

/** What turning plain JSON into an instance of one class needs, worked out once per class. */
export interface ValidationPlan {
  readonly model: ClassModel;
  /** The class's input schema, frozen all through so checking a value can use its predicate. */
  readonly schema: JsonSchemaObject;
  /** Property types for class-transformer (nested classes, `Date`), for the class and all it nests. */
  readonly targetMaps: TargetMap[];
  /** False for flat DTOs with no `@Field` default to fill: the common, cheap case. */
  readonly fillsDefaults: boolean;
}

const plans = new WeakMap<ClassType, ValidationPlan>();

function nestedClasses(model: ClassModel): ClassType[] {
  return model.fields.flatMap((field) =>
    field.convertTo && field.convertTo !== Date ? [field.convertTo] : [],
  );
}

function reachableModels(root: ClassType): ClassModel[] {
  const models: ClassModel[] = [];
  const pending = [root];
  const seen = new Set<ClassType>();
  for (let cls = pending.pop(); cls; cls = pending.pop()) {
    if (seen.has(cls)) continue;
    seen.add(cls);
    const model = buildClassModel(cls, 'input');
    models.push(model);
    pending.push(...nestedClasses(model));
  }
  return models;
}

/** The cached plan of a class; building it builds (and so checks) the class's input schema. */
export function validationPlanFor(cls: ClassType): ValidationPlan {
  const cached = plans.get(cls);
  if (cached) return cached;
  const models = reachableModels(cls);
  const targetMaps = models.flatMap(({ cls: target, fields }) => {
    const typed = fields.filter((field) => field.convertTo);
    return typed.length === 0
      ? []
      : [{ target, properties: Object.fromEntries(typed.map((field) => [field.name, field.convertTo!])) }];
  });
  const plan: ValidationPlan = {
    model: models[0]!,
    schema: deepFreeze(structuredClone(models[0]!.objectSchema)),
    targetMaps,
    fillsDefaults: models.some((model) => model.fields.some((field) => field.fillDefault !== undefined)),
  };
  plans.set(cls, plan);
  return plan;
}
