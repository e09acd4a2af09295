import 'reflect-metadata';
import { inject, injectable, named } from 'inversify';
import { Context } from '../context/context.js';
import { InstantiationPlanner } from './instantiation.planner.js';
import { createRootContainer } from './root-container.factory.js';

@injectable()
class Shared {}

@injectable()
class PerRequest {}

@injectable()
class Simple {
  constructor(
    @inject(Shared) readonly shared: Shared,
    @inject(Context) readonly context: Context,
  ) {}
}

@injectable()
class NeedsRequestScoped {
  constructor(@inject(PerRequest) readonly perRequest: PerRequest) {}
}

@injectable()
class NamedInjection {
  constructor(@inject(Shared) @named('x') readonly shared: Shared) {}
}

const context = {} as Context;

describe('InstantiationPlanner', () => {
  const blueprint = createRootContainer({
    tools: [Simple, NeedsRequestScoped, NamedInjection],
    providers: [Shared, { provide: PerRequest, useClass: PerRequest, scope: 'request' }],
    interceptors: [],
  });
  const planner = new InstantiationPlanner(blueprint.root, blueprint.appWide);

  it('builds classes that take only Context and app-wide values without a container', () => {
    const factory = planner.factoryFor(Simple)!;
    const first = factory(context);
    const second = factory(context);
    expect(first).not.toBe(second);
    expect(first.shared).toBe(blueprint.root.get(Shared));
    expect(first.context).toBe(context);
  });

  it('leaves classes with request-scoped or qualified dependencies to the child container', () => {
    expect(planner.factoryFor(NeedsRequestScoped)).toBeUndefined();
    expect(planner.factoryFor(NamedInjection)).toBeUndefined();
  });
});
