import { defaultMetadataStorage } from 'class-transformer/cjs/storage.js';
import type { ClassType } from '../metadata/class-type.js';
import { validationRulesOf } from '../schema/class-validator.adapter.js';
import type { ValidationPlan } from './validation-plan.js';

/** class-validator rules whose meaning the input schema check reproduces exactly, for one JSON value. */
const SCHEMA_COVERED_RULES = new Set([
  'isString',
  'isInt',
  'isBoolean',
  'min',
  'max',
  'minLength',
  'maxLength',
  'isLength',
  'isIn',
  'isEnum',
  'isOptional',
  'isDefined',
]);

/** class-transformer keeps these per class; any entry means the instance needs `plainToInstance`. */
const TRANSFORMER_MAPS = [
  '_typeMetadatas',
  '_transformMetadatas',
  '_exposeMetadatas',
  '_excludeMetadatas',
] as const;

const verdicts = new WeakMap<ClassType, boolean>();

/**
 * True when checking a value against the class's input schema proves everything class-validator would,
 * and the instance is a plain copy onto `new cls()`: a flat DTO with standard rules and no
 * class-transformer decorators. Such DTOs skip both libraries on valid input (failures still take the
 * full path, for its messages). Worked out once per class.
 */
export function isSchemaComplete(cls: ClassType, plan: ValidationPlan): boolean {
  const known = verdicts.get(cls);
  if (known !== undefined) return known;
  const verdict =
    plan.targetMaps.length === 0 && !plan.fillsDefaults && rulesCovered(cls) && !transformerDecorated(cls);
  verdicts.set(cls, verdict);
  return verdict;
}

function rulesCovered(cls: ClassType): boolean {
  const rules = validationRulesOf(cls, true);
  return rules.every((rule) => {
    const name = rule.name ?? (rule.type === 'isDefined' ? 'isDefined' : undefined);
    if (name === undefined || !SCHEMA_COVERED_RULES.has(name)) return false;
    if (rule.each || (rule.groups && rule.groups.length > 0)) return false;
    return (
      rule.type === 'customValidation' || rule.type === 'conditionalValidation' || rule.type === 'isDefined'
    );
  });
}

function transformerDecorated(cls: ClassType): boolean {
  const storage = defaultMetadataStorage as unknown as Record<
    (typeof TRANSFORMER_MAPS)[number],
    Map<unknown, unknown>
  >;
  for (
    let target: unknown = cls;
    typeof target === 'function' && target !== Function.prototype;
    target = Object.getPrototypeOf(target)
  ) {
    if (TRANSFORMER_MAPS.some((map) => storage[map]?.has(target))) return true;
  }
  return false;
}
