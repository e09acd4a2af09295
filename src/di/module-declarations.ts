import type { ClassType } from '../metadata/class-type.js';
import type { HandlerRegistry } from '../registry/handler-registry.js';
import type { ModuleGraph } from './module-node.js';
import type { ModuleDeclarations } from './root-container.factory.js';

/**
 * What each module declares, with the interceptor, guard and filter classes its handlers use (module,
 * class and method level), for the bootstrap check.
 */
export function moduleDeclarationsOf(graph: ModuleGraph, registry: HandlerRegistry): ModuleDeclarations[] {
  const definitions = [
    ...registry.tools.values(),
    ...registry.prompts.values(),
    ...registry.resources.values(),
    ...registry.resourceTemplates,
  ];
  return graph.modules.map((node) => {
    const interceptors = classesAmong(node.interceptors);
    const guards = classesAmong(node.guards);
    const filters = classesAmong(node.filters);
    for (const definition of definitions) {
      if (!node.tools.includes(definition.handlerClass)) continue;
      addClasses(interceptors, definition.interceptors);
      addClasses(guards, [...definition.guards.class, ...definition.guards.method]);
      addClasses(filters, [...definition.filters.class, ...definition.filters.method]);
    }
    return {
      scope: { name: node.name, visible: node.visible },
      providers: node.providers,
      tools: node.tools,
      interceptors: [...interceptors],
      guards: [...guards],
      filters: [...filters],
    };
  });
}

/** Instances need no check: only classes are built from the container. */
function classesAmong(references: readonly unknown[]): Set<ClassType> {
  return addClasses(new Set<ClassType>(), references);
}

function addClasses(classes: Set<ClassType>, references: readonly unknown[]): Set<ClassType> {
  for (const reference of references) {
    if (typeof reference === 'function') classes.add(reference as ClassType);
  }
  return classes;
}
