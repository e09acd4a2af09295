import { createRequire } from 'node:module';
import type { ClassValidatorCalls } from './class-validator-calls.adapter.js';
import { showConstraintValues } from './constraint-value.formatter.js';

export {
  classValidatorInUse,
  validationRulesOf,
  type ValidationRule,
} from './class-validator-rules.reader.js';

/**
 * class-validator, loaded only by apps that use it: while no class-validator decorator has run, no class
 * has a rule and nothing needs validating, so the library and the validator packages it pulls in stay
 * unloaded.
 */
let classValidator: ClassValidatorCalls | undefined;
let loading: Promise<ClassValidatorCalls> | undefined;

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
 * loads it, has run. The library is CommonJS, so requiring it gives the instance an import gives; its
 * messages show constraint values as the imported calls' do.
 */
export function classValidatorNow(): ClassValidatorCalls {
  if (classValidator) return classValidator;
  const library = createRequire(import.meta.url)('class-validator') as ClassValidatorCalls;
  classValidator = {
    validate: async (object, options) => shown(await library.validate(object, options)),
    validateSync: (object, options) => shown(library.validateSync(object, options)),
  };
  return classValidator;
}

function shown<Errors extends Parameters<typeof showConstraintValues>[0]>(errors: Errors): Errors {
  if (errors.length > 0) showConstraintValues(errors);
  return errors;
}
