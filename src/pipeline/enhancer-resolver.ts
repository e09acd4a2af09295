import type { ClassType } from '../metadata/class-type.js';

/** Builds enhancer classes for the current request (its container, so they may inject `Context`). */
export interface EnhancerResolver {
  get<T>(type: ClassType<T>): T;
}

/** The key under which a call carries its request's resolver. */
export const ENHANCER_RESOLVER = Symbol('elicitor.enhancerResolver');

/** An instance as given, or the class built for this request. */
export function resolveEnhancer<T>(reference: ClassType<T> | object, resolver: EnhancerResolver): T {
  return (typeof reference === 'function' ? resolver.get(reference as ClassType<T>) : reference) as T;
}
