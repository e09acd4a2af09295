import 'reflect-metadata';
import { Module } from '../decorators/module.decorator.js';
import { composeModules } from './module-composition.js';
import { buildModuleGraph } from './module-graph.builder.js';

describe('composeModules', () => {
  it('flattens the graph and keeps, per tool class, the interceptors, guards and filters of its module', async () => {
    const interceptor = { intercept: (_call: unknown, next: () => Promise<unknown>) => next() };
    const guard = { canActivate: () => true };
    const filter = { catch: () => undefined };
    class BillingTools {}
    class AppTools {}
    class Form {}
    @Module({
      tools: [BillingTools],
      forms: [Form],
      interceptors: [interceptor],
      guards: [guard],
      filters: [filter],
    })
    class BillingModule {}
    @Module({ imports: [BillingModule], tools: [AppTools], forms: [Form] })
    class AppModule {}
    const composition = composeModules(await buildModuleGraph(AppModule));
    expect(composition.tools).toStrictEqual([BillingTools, AppTools]);
    expect(composition.forms).toStrictEqual([Form]);
    expect(composition.moduleOf.get(BillingTools)?.name).toBe('BillingModule');
    expect(composition.interceptorsByTool.get(BillingTools)).toStrictEqual([interceptor]);
    expect(composition.guardsByTool.get(BillingTools)).toStrictEqual([guard]);
    expect(composition.filtersByTool.get(BillingTools)).toStrictEqual([filter]);
    expect(composition.guardsByTool.get(AppTools)).toStrictEqual([]);
  });
});
