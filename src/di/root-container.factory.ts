import { Container } from 'inversify';
import type { ServiceIdentifier } from 'inversify';
import { Context } from '../context/context.js';
import type { ClassType } from '../metadata/class-type.js';
import type { InterceptorReference } from '../metadata/interceptor.metadata.js';
import { DependencyResolutionCheck } from './dependency-resolution.check.js';
import type { ClassProvider, FactoryProvider, Provider, ProviderScope } from './provider.js';
import type { RequestScopeBlueprint } from './request-scope.blueprint.js';

export interface RootContainerOptions {
  tools: readonly ClassType[];
  providers: readonly Provider[];
  /** Global interceptors and those of `@UseInterceptors`: classes among them are bound and checked. */
  interceptors: readonly InterceptorReference[];
  /** Guard classes (global, `@UseGuards`): bound and checked like interceptors. */
  guards?: readonly ClassType[];
  /** Exception filter classes (global, `@UseFilters`): bound and checked like interceptors. */
  filters?: readonly ClassType[];
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
  const resolution = new DependencyResolutionCheck(root, options.providers, perRequestClasses);
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
  for (const identifier of singletons) {
    try {
      root.get(identifier);
    } catch (error) {
      const name = typeof identifier === 'function' ? identifier.name : String(identifier);
      throw new Error(`Cannot create singleton provider ${name}: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }
  const appWide = new Set<ServiceIdentifier>(singletons);
  for (const provider of options.providers) {
    if (typeof provider !== 'function' && 'useValue' in provider) appWide.add(provider.provide);
  }
  return { root, requestScoped, appWide };
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
