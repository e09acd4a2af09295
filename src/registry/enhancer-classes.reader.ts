import type { ClassType } from '../metadata/class-type.js';
import type { FilterReference, GuardReference } from '../metadata/enhancer.metadata.js';
import type { HandlerRegistry } from './handler-registry.js';

/** Every guard class the app resolves per request: global ones, then those of classes and methods. */
export function guardClassesOf(registry: HandlerRegistry, global: readonly GuardReference[]): ClassType[] {
  return classesOf(registry, global, 'guards');
}

/** Every exception filter class the app resolves per request: global ones, then those of classes and methods. */
export function filterClassesOf(registry: HandlerRegistry, global: readonly FilterReference[]): ClassType[] {
  return classesOf(registry, global, 'filters');
}

function classesOf(
  registry: HandlerRegistry,
  global: readonly (GuardReference | FilterReference)[],
  kind: 'guards' | 'filters',
): ClassType[] {
  const definitions = [
    ...registry.tools.values(),
    ...registry.prompts.values(),
    ...registry.resources.values(),
    ...registry.resourceTemplates,
  ];
  const references = [
    ...global,
    ...definitions.flatMap((definition) => [...definition[kind].class, ...definition[kind].method]),
  ];
  return [...new Set(references.filter((reference) => typeof reference === 'function'))] as ClassType[];
}
