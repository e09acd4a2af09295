import type { ClassType } from '../metadata/class-type.js';
import type { FilterReference, GuardReference } from '../metadata/enhancer.metadata.js';
import type { HandlerRegistry } from './handler-registry.js';

/** Every guard and filter class the app resolves per request: global ones, then those of classes and methods. */
export function guardAndFilterClassesOf(
  registry: HandlerRegistry,
  guards: readonly GuardReference[],
  filters: readonly FilterReference[],
): ClassType[] {
  const definitions = [
    ...registry.tools.values(),
    ...registry.prompts.values(),
    ...registry.resources.values(),
    ...registry.resourceTemplates,
  ];
  const references = [
    ...guards,
    ...filters,
    ...definitions.flatMap((definition) => [
      ...definition.guards.class,
      ...definition.guards.method,
      ...definition.filters.class,
      ...definition.filters.method,
    ]),
  ];
  return [...new Set(references.filter((reference) => typeof reference === 'function'))] as ClassType[];
}
