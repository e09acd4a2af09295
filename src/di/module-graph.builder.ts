import 'reflect-metadata';
import { ModuleDefinitionError } from '../errors/module-definition.error.js';
import type { ClassType } from '../metadata/class-type.js';
import { MetadataKeys } from '../metadata/metadata-keys.js';
import { isDynamicModule } from '../metadata/module.metadata.js';
import type { DynamicModule, ModuleImport, ModuleMetadata } from '../metadata/module.metadata.js';
import { resolveModuleVisibility } from './module-visibility.js';
import type { ModuleGraph, ModuleNode } from './module-node.js';
import { providerToken, tokenName } from './module-node.js';

/**
 * Walks the imports from the root module once, at bootstrap: awaits async dynamic modules, merges a
 * dynamic module's configuration into its class's `@Module`, rejects cycles naming them, and orders
 * the modules imports-first. Then it works out what each module exports and may inject.
 */
export async function buildModuleGraph(root: ClassType | DynamicModule): Promise<ModuleGraph> {
  const builder = new GraphWalk();
  const rootNode = await builder.visit(root, []);
  builder.rejectDuplicateProviders();
  resolveModuleVisibility(builder.order);
  return { root: rootNode, modules: builder.order };
}

/** The graph of an app declared with flat options: one root module, no imports. */
export function singleModuleGraph(name: string, metadata: ModuleMetadata): ModuleGraph {
  const node = nodeOf(name, class {} as ClassType, metadata, []);
  resolveModuleVisibility([node]);
  return { root: node, modules: [node] };
}

class GraphWalk {
  readonly order: ModuleNode[] = [];
  private readonly visited = new Map<ClassType, { node: ModuleNode; source: ModuleImport }>();

  async visit(entry: ModuleImport, stack: readonly ClassType[]): Promise<ModuleNode> {
    const resolved = await entry;
    const type = isDynamicModule(resolved) ? resolved.module : resolved;
    const importer = stack.at(-1);
    if (typeof type !== 'function') {
      throw new ModuleDefinitionError(
        importer?.name ?? 'the root',
        `${importer ? `module ${importer.name} imports` : 'Elicitor.create got'} ${String(resolved)}, which is not a module class or a dynamic module (a circular file import can leave it undefined)`,
      );
    }
    if (stack.includes(type)) {
      const cycle = [...stack.slice(stack.indexOf(type)), type].map((module) => module.name);
      throw new ModuleDefinitionError(type.name, `circular module imports: ${cycle.join(' → ')}`);
    }
    const seen = this.visited.get(type);
    if (seen) {
      if (seen.source !== resolved) {
        throw new ModuleDefinitionError(
          type.name,
          `module ${type.name} is imported with two different configurations (in ${importer?.name}); configure it once, in one module, and export it`,
        );
      }
      return seen.node;
    }
    const declared = Reflect.getMetadata(MetadataKeys.module, type) as ModuleMetadata | undefined;
    if (!declared) {
      throw new ModuleDefinitionError(
        type.name,
        `${type.name}${importer ? ` (imported by ${importer.name})` : ''} has no @Module() decorator`,
      );
    }
    const dynamic = isDynamicModule(resolved) ? resolved : undefined;
    const metadata = merge(declared, dynamic);
    const globalFlag = Reflect.getMetadata(MetadataKeys.globalModule, type) === true;
    const imports: ModuleNode[] = [];
    for (const imported of metadata.imports ?? []) imports.push(await this.visit(imported, [...stack, type]));
    const node = nodeOf(type.name, type, { ...metadata, global: metadata.global || globalFlag }, imports);
    this.visited.set(type, { node, source: resolved });
    this.order.push(node);
    return node;
  }

  /** One container serves the app, so a token has one provider; two modules providing it is ambiguous. */
  rejectDuplicateProviders(): void {
    const owners = new Map<unknown, ModuleNode>();
    for (const node of this.order) {
      for (const provider of node.providers) {
        const token = providerToken(provider);
        const owner = owners.get(token);
        if (owner && owner !== node) {
          throw new ModuleDefinitionError(
            node.name,
            `${tokenName(token)} is provided by both module ${owner.name} and module ${node.name}; provide it in one of them and export it from there`,
          );
        }
        owners.set(token, node);
      }
    }
  }
}

function merge(declared: ModuleMetadata, dynamic: DynamicModule | undefined): ModuleMetadata {
  if (!dynamic) return declared;
  const concat = <K extends keyof ModuleMetadata>(key: K) =>
    [...((declared[key] as unknown[]) ?? []), ...((dynamic[key] as unknown[]) ?? [])] as never;
  return {
    imports: concat('imports'),
    providers: concat('providers'),
    tools: concat('tools'),
    forms: concat('forms'),
    ui: concat('ui'),
    interceptors: concat('interceptors'),
    guards: concat('guards'),
    filters: concat('filters'),
    exports: concat('exports'),
    global: dynamic.global ?? declared.global ?? false,
  };
}

function nodeOf(
  name: string,
  type: ClassType,
  metadata: ModuleMetadata,
  imports: readonly ModuleNode[],
): ModuleNode {
  return {
    name,
    type,
    global: metadata.global ?? false,
    imports,
    providers: metadata.providers ?? [],
    tools: metadata.tools ?? [],
    forms: metadata.forms ?? [],
    ui: metadata.ui ?? [],
    interceptors: metadata.interceptors ?? [],
    guards: metadata.guards ?? [],
    filters: metadata.filters ?? [],
    exportDeclarations: metadata.exports ?? [],
    exported: new Set(),
    visible: new Set(),
  };
}
