import type { ClassType } from './class-type.js';

/** A guard, named by its class (resolved from the request's container) or given as an instance. */
export type GuardReference = ClassType | object;

/** An exception filter, named by its `@Catch()` class (resolved per request) or given as an instance. */
export type FilterReference = ClassType | object;

/** Any error class, abstract ones included, as `@Catch()` takes them. */
export type ErrorType = abstract new (...args: never[]) => unknown;

/** The enhancers a handler's own class and method declare, read from their decorators. */
export interface HandlerLevels<T> {
  readonly class: readonly T[];
  readonly method: readonly T[];
}
