import { buildModuleGraph, singleModuleGraph } from '../di/module-graph.builder.js';
import { composeModules } from '../di/module-composition.js';
import type { ModuleComposition } from '../di/module-composition.js';
import type { ModuleGraph } from '../di/module-node.js';
import type { ClassType } from '../metadata/class-type.js';
import { isDynamicModule } from '../metadata/module.metadata.js';
import type { DynamicModule } from '../metadata/module.metadata.js';
import type { ElicitorAppOptions, ElicitorOptions } from './elicitor.options.js';

export interface ResolvedApp {
  settings: ElicitorAppOptions;
  graph: ModuleGraph;
  composition: ModuleComposition;
  /** False for the flat options form: one root module, checked without module names. */
  modular: boolean;
}

/** Either form of `Elicitor.create`, as a module graph: flat options are a root module with no imports. */
export async function resolveAppModules(
  rootOrOptions: ClassType | DynamicModule | ElicitorOptions,
  moduleOptions: ElicitorAppOptions | undefined,
): Promise<ResolvedApp> {
  if (typeof rootOrOptions === 'function' || isDynamicModule(rootOrOptions)) {
    if (!moduleOptions)
      throw new TypeError('Elicitor.create(AppModule, options) needs options with a name and a version');
    const graph = await buildModuleGraph(rootOrOptions);
    return { settings: moduleOptions, graph, composition: composeModules(graph), modular: true };
  }
  const { tools, providers, forms, ui, ...settings } = rootOrOptions;
  const graph = singleModuleGraph('AppModule', {
    tools,
    ...(providers ? { providers } : {}),
    ...(forms ? { forms } : {}),
    ...(ui ? { ui } : {}),
  });
  return { settings, graph, composition: composeModules(graph), modular: false };
}
