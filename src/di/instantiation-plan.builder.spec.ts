import 'reflect-metadata';
import { inject, injectable, named } from 'inversify';
import type { Context } from '../context/context.js';
import { AppWideService, ContextUser } from './context-user.spec-helper.js';
import { InstantiationPlanner } from './instantiation-plan.builder.js';
import { createRootContainer } from './root-container.factory.js';

@injectable()
class PerRequest {}

@injectable()
class NeedsRequestScoped {
  constructor(@inject(PerRequest) readonly perRequest: PerRequest) {}
}

@injectable()
class NamedInjection {
  constructor(@inject(AppWideService) @named('x') readonly shared: AppWideService) {}
}

const context = {} as Context;

describe('InstantiationPlanner', () => {
  const blueprint = createRootContainer({
    tools: [ContextUser, NeedsRequestScoped, NamedInjection],
    providers: [AppWideService, { provide: PerRequest, useClass: PerRequest, scope: 'request' }],
    interceptors: [],
  });
  const planner = new InstantiationPlanner(blueprint.root, blueprint.appWide);

  it('builds classes that take only Context and app-wide values without a container', () => {
    const factory = planner.factoryFor(ContextUser)!;
    const first = factory(context);
    const second = factory(context);
    expect(first).not.toBe(second);
    expect(first.appWide).toBe(blueprint.root.get(AppWideService));
    expect(first.context).toBe(context);
  });

  it('leaves classes with request-scoped or qualified dependencies to the child container', () => {
    expect(planner.factoryFor(NeedsRequestScoped)).toBeUndefined();
    expect(planner.factoryFor(NamedInjection)).toBeUndefined();
  });
});
