import type { Container } from 'inversify';
import { ModuleDefinitionError } from '../errors/module-definition.error.js';
import { LIFECYCLE_HOOKS } from './lifecycle-hooks.js';
import type { LifecycleHook } from './lifecycle-hooks.js';
import type { ModuleGraph } from './module-node.js';
import { providerToken } from './module-node.js';

type Hooked = Partial<Record<LifecycleHook, (signal?: string) => unknown>>;

/**
 * Calls the lifecycle hooks of the app's singletons (providers, and tool classes also listed as
 * providers): init and bootstrap with modules imports first, shutdown in reverse; within a module,
 * in declaration order. Each hook is awaited before the next.
 */
export class LifecycleRunner {
  private constructor(private readonly instances: readonly Hooked[]) {}

  /** Reads the singletons from the root container, whose singletons already exist. */
  static collect(graph: ModuleGraph, root: Container): LifecycleRunner {
    const instances: Hooked[] = [];
    const seen = new Set<unknown>();
    for (const node of graph.modules) {
      for (const provider of node.providers) {
        if (
          typeof provider !== 'function' &&
          'scope' in provider &&
          provider.scope &&
          provider.scope !== 'singleton'
        ) {
          continue;
        }
        const instance = root.get<unknown>(providerToken(provider));
        if (typeof instance !== 'object' || instance === null || seen.has(instance)) continue;
        seen.add(instance);
        if (LIFECYCLE_HOOKS.some((hook) => typeof (instance as Hooked)[hook] === 'function')) {
          instances.push(instance as Hooked);
        }
      }
      for (const type of node.tools) {
        const hook = LIFECYCLE_HOOKS.find((name) => typeof (type.prototype as Hooked)[name] === 'function');
        if (hook && !node.providers.includes(type)) {
          throw new ModuleDefinitionError(
            node.name,
            `${type.name} declares ${hook}, but a tool class is built per request; list ${type.name} in the providers of module ${node.name} too to make it a singleton, or move the hook to a provider`,
          );
        }
      }
    }
    return new LifecycleRunner(instances);
  }

  async init(): Promise<void> {
    await this.call(this.instances, 'onModuleInit');
    await this.call(this.instances, 'onApplicationBootstrap');
  }

  beforeShutdown(signal?: string): Promise<void> {
    return this.call([...this.instances].reverse(), 'beforeApplicationShutdown', signal);
  }

  shutdown(signal?: string): Promise<void> {
    return this.call([...this.instances].reverse(), 'onApplicationShutdown', signal);
  }

  private async call(instances: readonly Hooked[], hook: LifecycleHook, signal?: string): Promise<void> {
    for (const instance of instances) await instance[hook]?.(signal);
  }
}
