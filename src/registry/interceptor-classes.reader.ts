import type { ClassType } from '../metadata/class-type.js';
import type { InterceptorReference } from '../metadata/interceptor.metadata.js';
import type { HandlerRegistry } from './handler-registry.js';

/** Every interceptor class the app resolves: global ones, then `@UseInterceptors` on classes and methods. */
export function interceptorClassesOf(
  registry: HandlerRegistry,
  global: readonly InterceptorReference[],
): ClassType[] {
  const definitions = [
    ...registry.tools.values(),
    ...registry.prompts.values(),
    ...registry.resources.values(),
    ...registry.resourceTemplates,
  ];
  const references = [...global, ...definitions.flatMap((definition) => definition.interceptors)];
  return [...new Set(references.filter((reference) => typeof reference === 'function'))] as ClassType[];
}
