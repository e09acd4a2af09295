import type { ClassType } from '../metadata/class-type.js';
import type { FilterReference, GuardReference } from '../metadata/enhancer.metadata.js';
import type { InterceptorReference } from '../metadata/interceptor.metadata.js';
import type { HandlerRegistry } from './handler-registry.js';

/** Every guard class the app resolves per request: global ones, then those of modules, classes and methods. */
export function guardClassesOf(registry: HandlerRegistry, global: readonly GuardReference[]): ClassType[] {
  return layeredClassesOf(registry, global, 'guards');
}

/** Every exception filter class the app resolves per request: global ones, then those of modules, classes and methods. */
export function filterClassesOf(registry: HandlerRegistry, global: readonly FilterReference[]): ClassType[] {
  return layeredClassesOf(registry, global, 'filters');
}

/** Every interceptor class the app resolves: global ones, then `@UseInterceptors` on classes and methods. */
export function interceptorClassesOf(
  registry: HandlerRegistry,
  global: readonly InterceptorReference[],
): ClassType[] {
  return uniqueClasses([
    ...global,
    ...definitionsOf(registry).flatMap((definition) => definition.interceptors),
  ]);
}

function layeredClassesOf(
  registry: HandlerRegistry,
  global: readonly (GuardReference | FilterReference)[],
  kind: 'guards' | 'filters',
): ClassType[] {
  return uniqueClasses([
    ...global,
    ...definitionsOf(registry).flatMap((definition) => [
      ...(definition[kind].module ?? []),
      ...definition[kind].class,
      ...definition[kind].method,
    ]),
  ]);
}

function definitionsOf(registry: HandlerRegistry) {
  return [
    ...registry.tools.values(),
    ...registry.prompts.values(),
    ...registry.resources.values(),
    ...registry.resourceTemplates,
  ];
}

/** The classes among the references (instances are used as they are), each once, in first-seen order. */
function uniqueClasses(references: readonly unknown[]): ClassType[] {
  return [...new Set(references.filter((reference) => typeof reference === 'function'))] as ClassType[];
}
