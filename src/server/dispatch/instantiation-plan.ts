import { InstantiationPlanner } from '../../di/instantiation-plan.builder.js';
import type { FastFactory } from '../../di/instantiation-plan.builder.js';
import type { RequestScopeBlueprint } from '../../di/request-scope-blueprint.js';
import type { ClassType } from '../../metadata/class-type.js';
import type { FilterReference, GuardReference } from '../../metadata/enhancer.metadata.js';
import type { InterceptorReference } from '../../metadata/interceptor.metadata.js';
import { handlerLevels, widestFirst } from '../../pipeline/enhancer-levels.js';
import type { HandlerDefinition } from '../../registry/handler-definition.js';

export interface InstantiationPlanSettings {
  blueprint: RequestScopeBlueprint;
  globalInterceptors: readonly InterceptorReference[];
  globalGuards?: readonly GuardReference[];
  globalFilters?: readonly FilterReference[];
}

/**
 * Works out, once at bootstrap, which handler, interceptor, guard and filter classes can be built per
 * request without a child container; the map holds a factory for each of those.
 */
export function planFastFactories(
  handlers: readonly HandlerDefinition[],
  settings: InstantiationPlanSettings,
): ReadonlyMap<ClassType, FastFactory<unknown>> {
  const { blueprint, globalInterceptors, globalGuards = [], globalFilters = [] } = settings;
  const classes = new Set<ClassType>();
  const addClasses = (references: Iterable<ClassType | object>): void => {
    for (const reference of references)
      if (typeof reference === 'function') classes.add(reference as ClassType);
  };
  for (const definition of handlers) {
    classes.add(definition.handlerClass);
    addClasses(definition.interceptors);
  }
  addClasses(globalInterceptors);
  for (const definition of handlers) {
    addClasses(widestFirst(handlerLevels(globalGuards, definition.guards)));
    addClasses(widestFirst(handlerLevels(globalFilters, definition.filters)));
  }
  const planner = new InstantiationPlanner(blueprint.root, blueprint.appWide);
  const factories = new Map<ClassType, FastFactory<unknown>>();
  for (const type of classes) {
    const factory = planner.factoryFor(type);
    if (factory) factories.set(type, factory);
  }
  return factories;
}
