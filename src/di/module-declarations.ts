import type { ClassType } from '../metadata/class-type.js';
import type { HandlerRegistry } from '../registry/handler-registry.js';
import type { ModuleGraph } from './module-node.js';
import type { ModuleDeclarations } from './root-container.factory.js';

/** What each module declares, with the interceptor classes its handlers use, for the bootstrap check. */
export function moduleDeclarationsOf(graph: ModuleGraph, registry: HandlerRegistry): ModuleDeclarations[] {
  const definitions = [
    ...registry.tools.values(),
    ...registry.prompts.values(),
    ...registry.resources.values(),
    ...registry.resourceTemplates,
  ];
  return graph.modules.map((node) => {
    const interceptors = new Set<ClassType>();
    for (const reference of node.interceptors) {
      if (typeof reference === 'function') interceptors.add(reference as ClassType);
    }
    for (const definition of definitions) {
      if (!node.tools.includes(definition.handlerClass)) continue;
      for (const reference of definition.interceptors) {
        if (typeof reference === 'function') interceptors.add(reference as ClassType);
      }
    }
    return {
      scope: { name: node.name, visible: node.visible },
      providers: node.providers,
      tools: node.tools,
      interceptors: [...interceptors],
    };
  });
}
