import { deepFreeze } from '../shared/deep-freeze.js';

const interned = new WeakSet<object>();

/**
 * Declares a form schema shared and never changed: freezes it deeply and registers it, so what is derived
 * from it alone (the digest that pins an answer to its question) is computed once and remembered for as long
 * as the schema lives. Forms built from `@ElicitSchema` classes and by `withRequired`/`withOptional` are
 * interned already; intern an inline schema once, where it is defined, not on every call.
 */
export function internFormSchema<S extends object>(schema: S): S {
  interned.add(deepFreeze(schema));
  return schema;
}

/** Whether `schema` was interned, and so may be cached by identity. */
export function isInternedFormSchema(schema: unknown): schema is object {
  return typeof schema === 'object' && schema !== null && interned.has(schema);
}
