import type { Container } from 'inversify';
import type { Context } from '../context/context.js';
import type { ClassType } from '../metadata/class-type.js';
import { createRequestContainer } from './request-container.factory.js';
import type { FastFactory } from './instantiation-plan.builder.js';
import type { RequestScopeBlueprint } from './request-scope-blueprint.js';

/**
 * The objects of one request: built by a bootstrap-planned factory when the class allows it, otherwise by
 * a child container created on first need. Either way each request gets its own instances and Context.
 */
export class RequestScope {
  private container: Container | undefined;

  constructor(
    private readonly blueprint: RequestScopeBlueprint,
    private readonly factories: ReadonlyMap<ClassType, FastFactory<unknown>>,
    readonly context: Context,
  ) {}

  get<T>(type: ClassType<T>): T {
    const factory = this.factories.get(type);
    if (factory) return factory(this.context) as T;
    this.container ??= createRequestContainer(this.blueprint, this.context);
    return this.container.get(type);
  }
}
