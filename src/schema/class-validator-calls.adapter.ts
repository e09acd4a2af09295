import { validate, validateSync } from 'class-validator';

/**
 * The two functions of class-validator that Elicitor calls, in a module imported on first need: a
 * bundler keeps only what they use of the library, not every validator its index re-exports.
 */
export const classValidatorCalls = { validate, validateSync };

export type ClassValidatorCalls = typeof classValidatorCalls;
