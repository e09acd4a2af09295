import { Container } from 'inversify';
import type { ServiceIdentifier } from 'inversify';
import { Context } from '../context/context.js';
import type { ClassType } from '../metadata/class-type.js';
import type { InterceptorReference } from '../metadata/interceptor.metadata.js';
import { DependencyResolutionCheck } from './dependency-resolution.check.js';
import type { ModuleScope, ModuleVisibility } from './dependency-resolution.check.js';
import { providerToken } from './module-node.js';
import type { ClassProvider, FactoryProvider, Provider, ProviderScope } from './provider.js';
import type { RequestScopeBlueprint } from './request-scope-blueprint.js';

export interface RootContainerOptions {
  tools: readonly ClassType[];
  providers: readonly Provider[];
  /** Global interceptors and those of `@UseInterceptors`: classes among them are bound and checked. */
  interceptors: readonly InterceptorReference[];
  /** Guard classes (global, `@UseGuards`): bound and checked like interceptors. */
  guards?: readonly ClassType[];
  /** Exception filter classes (global, `@UseFilters`): bound and checked like interceptors. */
  filters?: readonly ClassType[];
  /**
   * When the app is built from modules: what each module declares, checked against what that module
   * may inject. Their providers, tools and interceptors are also in the lists above.
   */
  modules?: readonly ModuleDeclarations[];
  /** Tokens every module may inject (the framework's own providers). */
  everywhere?: ReadonlySet<ServiceIdentifier>;
}

/** One module's declarations, for the bootstrap check. */
export interface ModuleDeclarations {
  scope: ModuleScope;
  providers: readonly Provider[];
  tools: readonly ClassType[];
  /** Interceptor classes around this module's handlers (module, class and method level). */
  interceptors: readonly ClassType[];
  /** Guard classes of this module's handlers (module, class and method level). */
  guards?: readonly ClassType[];
  /** Exception filter classes of this module's handlers (module, class and method level). */
  filters?: readonly ClassType[];
}

/** A bound root container whose singletons are not created yet. */
interface BoundRoot {
  blueprint: RequestScopeBlueprint;
  singletons: readonly ServiceIdentifier[];
}

const REQUEST_SCOPED_ONLY =
  'Context is request-scoped: inject it into @Tools() classes, interceptors or request-scoped providers, never into a singleton';

/**
 * Builds the application's root container, after proving every tool and interceptor class can be
 * built (a missing provider fails here, naming it, instead of on the first call). `Context` is bound here to a value that always fails, so a
 * singleton that asks for it fails at bootstrap (singletons are created eagerly from the root) instead of
 * capturing the first request's context.
 */
export function createRootContainer(options: RootContainerOptions): RequestScopeBlueprint {
  const { blueprint, singletons } = bindRootContainer(options);
  for (const identifier of singletons) createSingleton(identifier, () => blueprint.root.get(identifier));
  return blueprint;
}

/** The same, awaiting async factories (a `forRootAsync` configuration) while singletons are created. */
export async function createRootContainerAsync(
  options: RootContainerOptions,
): Promise<RequestScopeBlueprint> {
  const { blueprint, singletons } = bindRootContainer(options);
  for (const identifier of singletons) {
    await createSingleton(identifier, () => blueprint.root.getAsync(identifier));
  }
  return blueprint;
}

function createSingleton<T>(identifier: ServiceIdentifier, create: () => T): T {
  const fail = (error: unknown): never => {
    const name = typeof identifier === 'function' ? identifier.name : String(identifier);
    throw new Error(`Cannot create singleton provider ${name}: ${(error as Error).message}`, {
      cause: error,
    });
  };
  try {
    const created = create();
    return (created instanceof Promise ? created.catch(fail) : created) as T;
  } catch (error) {
    return fail(error);
  }
}

function bindRootContainer(options: RootContainerOptions): BoundRoot {
  const root = new Container();
  const requestScoped: Array<ClassProvider | FactoryProvider> = [];
  root.bind(Context).toDynamicValue(() => {
    throw new Error(REQUEST_SCOPED_ONLY);
  });
  const singletons: ServiceIdentifier[] = [];
  for (const provider of options.providers) {
    if (typeof provider !== 'function' && 'scope' in provider && provider.scope === 'request') {
      requestScoped.push(provider);
      continue;
    }
    const identifier = bindProvider(root, provider);
    if (identifier !== undefined) singletons.push(identifier);
  }
  const guards = options.guards ?? [];
  const filters = options.filters ?? [];
  const perRequestClasses = [
    ...options.tools,
    ...interceptorClasses(options.interceptors),
    ...guards,
    ...filters,
  ];
  const resolution = new DependencyResolutionCheck(
    root,
    options.providers,
    perRequestClasses,
    options.modules ? visibilityOf(options.modules, options.everywhere) : undefined,
  );
  if (options.modules) checkModules(resolution, options.modules);
  for (const type of options.tools) resolution.check({ type, role: 'tool class' });
  for (const type of interceptorClasses(options.interceptors))
    resolution.check({ type, role: 'interceptor' });
  for (const type of guards) resolution.check({ type, role: 'guard' });
  for (const type of filters) resolution.check({ type, role: 'exception filter' });
  for (const type of [...guards, ...filters]) {
    if (!root.isBound(type)) root.bind(type).toSelf().inTransientScope();
  }
  for (const handlerClass of options.tools) {
    if (!root.isBound(handlerClass)) root.bind(handlerClass).toSelf().inTransientScope();
  }
  for (const interceptor of options.interceptors) {
    if (typeof interceptor === 'function' && !root.isBound(interceptor as ClassType)) {
      root
        .bind(interceptor as ClassType)
        .toSelf()
        .inTransientScope();
    }
  }
  const appWide = new Set<ServiceIdentifier>(singletons);
  for (const provider of options.providers) {
    if (typeof provider !== 'function' && 'useValue' in provider) appWide.add(provider.provide);
  }
  return { blueprint: { root, requestScoped, appWide }, singletons };
}

function visibilityOf(
  modules: readonly ModuleDeclarations[],
  everywhere: ReadonlySet<ServiceIdentifier> = new Set(),
): ModuleVisibility {
  const ownerOf = new Map<ServiceIdentifier, ModuleScope>();
  for (const module of modules) {
    for (const provider of module.providers) ownerOf.set(providerToken(provider), module.scope);
  }
  return { ownerOf, everywhere };
}

/** Every module's tools, interceptors, guards, filters and providers inject only what their module sees. */
function checkModules(resolution: DependencyResolutionCheck, modules: readonly ModuleDeclarations[]): void {
  for (const module of modules) {
    for (const provider of module.providers) resolution.checkProvider(provider, module.scope);
    for (const type of module.tools) resolution.check({ type, role: 'tool class', module: module.scope });
    for (const type of module.interceptors) {
      resolution.check({ type, role: 'interceptor', module: module.scope });
    }
    for (const type of module.guards ?? []) resolution.check({ type, role: 'guard', module: module.scope });
    for (const type of module.filters ?? []) {
      resolution.check({ type, role: 'exception filter', module: module.scope });
    }
  }
}

function interceptorClasses(references: readonly InterceptorReference[]): ClassType[] {
  return references.filter((reference) => typeof reference === 'function') as ClassType[];
}

/** Binds one provider; returns its identifier when it is a singleton to create eagerly. */
export function bindProvider(root: Container, provider: Provider): ServiceIdentifier | undefined {
  if (typeof provider === 'function') {
    root.bind(provider).toSelf().inSingletonScope();
    return provider;
  }
  if ('useValue' in provider) {
    root.bind(provider.provide).toConstantValue(provider.useValue);
    return undefined;
  }
  const scope: ProviderScope = provider.scope ?? 'singleton';
  const syntax =
    'useClass' in provider
      ? root.bind(provider.provide).to(provider.useClass)
      : root.bind(provider.provide).toDynamicValue((resolution) => {
          const dependencies = (provider.inject ?? []).map((dependency) => resolution.get(dependency));
          return provider.useFactory(...(dependencies as never[]));
        });
  if (scope === 'singleton') syntax.inSingletonScope();
  else if (scope === 'transient') syntax.inTransientScope();
  else syntax.inSingletonScope();
  return scope === 'singleton' ? provider.provide : undefined;
}
