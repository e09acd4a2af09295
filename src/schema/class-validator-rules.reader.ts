import type { MetadataStorage } from 'class-validator';
import type { ClassType } from '../metadata/class-type.js';

/** One class-validator rule, as its metadata storage keeps it. */
export type ValidationRule = ReturnType<MetadataStorage['getTargetValidationMetadatas']>[number];

/**
 * class-validator's decorators keep their rules in one storage on the global object (shared on purpose by
 * every copy of the library), created by the first decorator: while it is absent no class has a rule, so
 * rules read as none, without importing the library.
 */
interface ClassValidatorGlobal {
  classValidatorMetadataStorage?: MetadataStorage;
}

/** True once any class-validator decorator has run in this process. */
export function classValidatorInUse(): boolean {
  return (globalThis as ClassValidatorGlobal).classValidatorMetadataStorage !== undefined;
}

/** The class's rules, inherited ones included; none when no class-validator decorator ever ran. */
export function validationRulesOf(cls: ClassType, always: boolean): ValidationRule[] {
  const storage = (globalThis as ClassValidatorGlobal).classValidatorMetadataStorage;
  return storage ? storage.getTargetValidationMetadatas(cls, '', always, false) : [];
}
