import type { ValidationError, ValidatorOptions } from 'class-validator';
import { getFromContainer } from 'class-validator/cjs/container.js';
import { Validator } from 'class-validator/cjs/validation/Validator.js';

/**
 * The two calls of class-validator Elicitor makes, in a module imported on first need. They are what the
 * library's own `validate` and `validateSync` do, reached through its files rather than its index: a
 * bundle (which takes the same files from the ES2015 build) then keeps only these, not every decorator the
 * index re-exports. The container is the library's, so `useContainer` still applies.
 */
export const classValidatorCalls = {
  validate: (object: object, options?: ValidatorOptions): Promise<ValidationError[]> =>
    getFromContainer(Validator).validate(object, options),
  validateSync: (object: object, options?: ValidatorOptions): ValidationError[] =>
    getFromContainer(Validator).validateSync(object, options),
};

export type ClassValidatorCalls = typeof classValidatorCalls;
