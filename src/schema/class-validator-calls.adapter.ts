import type { ValidationError, ValidatorOptions } from 'class-validator';
import { getFromContainer } from 'class-validator/cjs/container.js';
import { Validator } from 'class-validator/cjs/validation/Validator.js';
import { showConstraintValues } from './constraint-value.formatter.js';

/**
 * The two calls of class-validator Elicitor makes, in a module imported on first need. They are what the
 * library's own `validate` and `validateSync` do, reached through its files rather than its index: a
 * bundle (which takes the same files from the ES2015 build) then keeps only these, not every decorator the
 * index re-exports. The container is the library's, so `useContainer` still applies.
 */
export const classValidatorCalls = {
  validate: async (object: object, options?: ValidatorOptions): Promise<ValidationError[]> =>
    withValuesShown(await getFromContainer(Validator).validate(object, options)),
  validateSync: (object: object, options?: ValidatorOptions): ValidationError[] =>
    withValuesShown(getFromContainer(Validator).validateSync(object, options)),
};

function withValuesShown(errors: ValidationError[]): ValidationError[] {
  if (errors.length > 0) showConstraintValues(errors);
  return errors;
}

export type ClassValidatorCalls = typeof classValidatorCalls;
