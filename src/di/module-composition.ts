import type { DeclaredForm } from '../metadata/declared-form.js';
import type { ClassType } from '../metadata/class-type.js';
import type { InterceptorReference } from '../metadata/interceptor.metadata.js';
import type { PipelineReference } from '../metadata/module.metadata.js';
import type { Provider } from '../metadata/provider.js';
import type { ModuleGraph, ModuleNode } from './module-node.js';

/**
 * The module graph flattened into what the registry and the root container take, plus, per tool
 * class, the lists of the module that declares it: interceptors (wired), guards and filters (recorded
 * for the guard and filter pipeline, outside the class's and method's own).
 */
export interface ModuleComposition {
  tools: ClassType[];
  providers: Provider[];
  forms: DeclaredForm[];
  ui: ClassType[];
  moduleOf: ReadonlyMap<ClassType, ModuleNode>;
  interceptorsByTool: ReadonlyMap<ClassType, readonly InterceptorReference[]>;
  guardsByTool: ReadonlyMap<ClassType, readonly PipelineReference[]>;
  filtersByTool: ReadonlyMap<ClassType, readonly PipelineReference[]>;
}

export function composeModules(graph: ModuleGraph): ModuleComposition {
  const moduleOf = new Map<ClassType, ModuleNode>();
  const interceptorsByTool = new Map<ClassType, readonly InterceptorReference[]>();
  const guardsByTool = new Map<ClassType, readonly PipelineReference[]>();
  const filtersByTool = new Map<ClassType, readonly PipelineReference[]>();
  const tools: ClassType[] = [];
  for (const node of graph.modules) {
    for (const type of node.tools) {
      if (moduleOf.has(type)) continue;
      tools.push(type);
      moduleOf.set(type, node);
      interceptorsByTool.set(type, node.interceptors);
      guardsByTool.set(type, node.guards);
      filtersByTool.set(type, node.filters);
    }
  }
  return {
    tools,
    providers: graph.modules.flatMap((node) => [...node.providers]),
    forms: [...new Set(graph.modules.flatMap((node) => [...node.forms]))],
    ui: [...new Set(graph.modules.flatMap((node) => [...node.ui]))],
    moduleOf,
    interceptorsByTool,
    guardsByTool,
    filtersByTool,
  };
}
