import { createRequire } from 'node:module';
import type { ClassValidatorCalls } from './class-validator-calls.adapter.js';
import type { MetadataStorage } from 'class-validator';
import type { ClassType } from '../metadata/class-type.js';

/** One class-validator rule, as its metadata storage keeps it. */
export type ValidationRule = ReturnType<MetadataStorage['getTargetValidationMetadatas']>[number];

/**
 * class-validator, loaded only by apps that use it. Its decorators keep their rules in one storage on
 * the global object (shared on purpose by every copy of the library), created by the first decorator:
 * while it is absent no class has a rule, so rules read as none and nothing needs validating, without
 * importing the library and the validator packages it pulls in.
 */
interface ClassValidatorGlobal {
  classValidatorMetadataStorage?: MetadataStorage;
}

let classValidator: ClassValidatorCalls | undefined;
let loading: Promise<ClassValidatorCalls> | undefined;

/** True once any class-validator decorator has run in this process. */
export function classValidatorInUse(): boolean {
  return (globalThis as ClassValidatorGlobal).classValidatorMetadataStorage !== undefined;
}

/** The class's rules, inherited ones included; none when no class-validator decorator ever ran. */
export function validationRulesOf(cls: ClassType, always: boolean): ValidationRule[] {
  const storage = (globalThis as ClassValidatorGlobal).classValidatorMetadataStorage;
  return storage ? storage.getTargetValidationMetadatas(cls, '', always, false) : [];
}

/** Imports class-validator once; later calls return the same promise. */
export function loadClassValidator(): Promise<ClassValidatorCalls> {
  loading ??= import('./class-validator-calls.adapter.js').then(
    (module) => (classValidator = module.classValidatorCalls),
  );
  return loading;
}

/** class-validator when it has been loaded, else undefined: the caller awaits `loadClassValidator()` once. */
export function loadedClassValidator(): ClassValidatorCalls | undefined {
  return classValidator;
}

/**
 * class-validator for a synchronous caller: a schema with rules built before `Elicitor.create`, which
 * loads it, has run. The library is CommonJS, so requiring it gives the instance an import gives.
 */
export function classValidatorNow(): ClassValidatorCalls {
  classValidator ??= createRequire(import.meta.url)('class-validator') as ClassValidatorCalls;
  return classValidator;
}
