import 'reflect-metadata';
import { ElicitorError } from '../errors/elicitor.error.js';
import type { ErrorType, FilterReference } from '../metadata/enhancer.metadata.js';
import { MetadataKeys } from '../metadata/metadata-keys.js';
import { narrowestFirst } from './enhancer-levels.js';
import type { EnhancerLevels } from './enhancer-levels.js';

/** One filter with the error types its `@Catch()` named; none means every error. */
export interface PreparedFilter {
  readonly reference: FilterReference;
  readonly catches: readonly ErrorType[];
}

/** The filters of one handler, narrowest level first, checked once at bootstrap. */
export class ExceptionFilterSet {
  private constructor(private readonly filters: readonly PreparedFilter[]) {}

  static prepare(levels: EnhancerLevels<FilterReference>): ExceptionFilterSet {
    return new ExceptionFilterSet(narrowestFirst(levels).map(prepareFilter));
  }

  get size(): number {
    return this.filters.length;
  }

  /** The first filter whose `@Catch()` matches the error. */
  find(error: unknown): PreparedFilter | undefined {
    for (const filter of this.filters) {
      if (filter.catches.length === 0) return filter;
      for (const type of filter.catches) if (error instanceof type) return filter;
    }
    return undefined;
  }
}

function prepareFilter(reference: FilterReference): PreparedFilter {
  const type = (typeof reference === 'function' ? reference : reference.constructor) as {
    name: string;
    prototype: { catch?: unknown };
  };
  if (
    typeof type.prototype?.catch !== 'function' &&
    typeof (reference as { catch?: unknown }).catch !== 'function'
  ) {
    throw new ElicitorError(
      'INVALID_FILTER',
      `${type.name} is not an exception filter: it has no catch(error, ctx, call) method`,
    );
  }
  const catches = Reflect.getMetadata(MetadataKeys.catches, type) as ErrorType[] | undefined;
  if (catches === undefined) {
    throw new ElicitorError(
      'INVALID_FILTER',
      `${type.name} is used as an exception filter but has no @Catch(): add @Catch(SomeError) or @Catch() for every error`,
    );
  }
  return { reference, catches };
}
