/**
 * The levels an enhancer (guard, filter) can be declared at, from the widest to the narrowest. A module
 * level sits between global and class; everything that orders enhancers goes through here, at bootstrap.
 */
export interface EnhancerLevels<T> {
  readonly global: readonly T[];
  readonly module?: readonly T[];
  readonly class: readonly T[];
  readonly method: readonly T[];
}

/** Widest first: the order guards (and interceptors) run in. */
export function widestFirst<T>(levels: EnhancerLevels<T>): T[] {
  return [...levels.global, ...(levels.module ?? []), ...levels.class, ...levels.method];
}

/** Narrowest first, each level in its declared order: the order filters are asked in. */
export function narrowestFirst<T>(levels: EnhancerLevels<T>): T[] {
  return [...levels.method, ...levels.class, ...(levels.module ?? []), ...levels.global];
}

/** The levels of one handler: the app-wide list around what its class and method declared. */
export function handlerLevels<T>(
  global: readonly T[],
  declared: { readonly class: readonly T[]; readonly method: readonly T[] },
): EnhancerLevels<T> {
  return { global, class: declared.class, method: declared.method };
}
