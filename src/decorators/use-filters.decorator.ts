import type { FilterReference } from '../metadata/enhancer.metadata.js';
import { MetadataKeys } from '../metadata/metadata-keys.js';
import { recordEnhancers } from './enhancer-list-recorder.js';
import { legacyDecorator } from './decorator-call.check.js';

/**
 * Exception filters for every handler of a class, or for one handler. The most specific level is asked
 * first (method, then class, then global), and within a level the filters in the order given.
 */
export function UseFilters(...filters: FilterReference[]): ClassDecorator & MethodDecorator {
  return legacyDecorator('@UseFilters()', (target: object, propertyKey?: string | symbol) =>
    recordEnhancers(MetadataKeys.filters, filters, target, propertyKey),
  ) as ClassDecorator & MethodDecorator;
}
