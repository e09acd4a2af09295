import type { ClassType } from '../../metadata/class-type.js';
import type { ElicitorInterceptor } from '../../pipeline/elicitor-interceptor.js';
import { ResultMappingInterceptor } from '../../pipeline/result-mapping.interceptor.js';
import type { ToolDefinition } from '../../registry/tool-definition.js';
import { ChainPlanner } from './chain-plan.builder.js';

const pass = (): ElicitorInterceptor => ({ intercept: (_call, next) => next() });

class PerRequestInterceptor implements ElicitorInterceptor {
  intercept(_call: unknown, next: () => Promise<unknown>): Promise<unknown> {
    return next();
  }
}

function tool(interceptors: ToolDefinition['interceptors'] = []): ToolDefinition {
  return {
    kind: 'tool',
    name: 'echo',
    handlerClass: class EchoTools {},
    handlerName: 'echo',
    parameters: [],
    argsClass: undefined,
    argsSchema: undefined,
    interceptors,
    guards: { class: [], method: [] },
    filters: { class: [], method: [] },
    listEntry: { name: 'echo', inputSchema: { type: 'object' } },
    outputClass: undefined,
    outputStandardSchema: undefined,
    task: undefined,
  };
}

describe('ChainPlanner', () => {
  const outer = pass();
  const modern = pass();
  const legacy = pass();
  const shared = pass();
  const planner = new ChainPlanner({
    globalInterceptors: [],
    outerInterceptors: [outer],
    modernInterceptors: [modern],
    legacyInterceptors: [legacy],
    sharedInterceptors: [shared],
    logger: { info: () => {}, warn: () => {}, error: () => {} },
  });
  const noResolver = {
    get: <T>(): T => {
      throw new Error('nothing is resolved per request here');
    },
  };

  it('puts each era’s input model at the same place: after the outer interceptors, before the shared ones', () => {
    const plan = planner.plan(tool());
    const modernChain = plan.chainFor('modern', noResolver);
    const legacyChain = plan.chainFor('legacy', noResolver);
    expect(modernChain.slice(0, 3)).toStrictEqual([outer, modern, shared]);
    expect(legacyChain.slice(0, 3)).toStrictEqual([outer, legacy, shared]);
    expect(modernChain[3]).toBeInstanceOf(ResultMappingInterceptor);
    expect(legacyChain[3]).toBe(modernChain[3]);
  });

  it('returns the prepared chain itself when no interceptor class needs resolving', () => {
    const plan = planner.plan(tool());
    expect(plan.chainFor('legacy', noResolver)).toBe(plan.chainFor('legacy', noResolver));
  });

  it('resolves interceptor classes per request, after the prepared part', () => {
    const built = new PerRequestInterceptor();
    const resolver = {
      get: <T>(type: ClassType<T>): T => (type === PerRequestInterceptor ? built : null) as T,
    };
    const chain = planner.plan(tool([PerRequestInterceptor])).chainFor('modern', resolver);
    expect(chain.at(-1)).toBe(built);
    expect(chain).toHaveLength(5);
  });

  it("counts the app's interceptors at the end of the chain, instances and classes, so the rest are built-in", () => {
    const instance = pass();
    const built = new PerRequestInterceptor();
    const resolver = {
      get: <T>(type: ClassType<T>): T => (type === PerRequestInterceptor ? built : null) as T,
    };
    const plan = planner.plan(tool([instance, PerRequestInterceptor]));
    const chain = plan.chainFor('modern', resolver);
    expect(plan.userLevels).toBe(2);
    expect(chain.slice(-plan.userLevels)).toStrictEqual([instance, built]);
    expect(chain.slice(0, chain.length - plan.userLevels).includes(instance)).toBe(false);
    expect(planner.plan(tool()).userLevels).toBe(0);
  });

  it('leaves the skippable interceptors out of the calls made while they say so, and only those', () => {
    const traced = pass();
    let skip = true;
    const skipping = new ChainPlanner({
      globalInterceptors: [],
      outerInterceptors: [traced],
      modernInterceptors: [modern],
      legacyInterceptors: [legacy],
      sharedInterceptors: [shared],
      skippable: { interceptors: new Set([traced]), skipNow: () => skip },
      logger: { info: () => {}, warn: () => {}, error: () => {} },
    }).plan(tool());
    expect(skipping.chainFor('modern', noResolver).slice(0, 2)).toStrictEqual([modern, shared]);
    expect(skipping.chainFor('legacy', noResolver).slice(0, 2)).toStrictEqual([legacy, shared]);
    skip = false;
    expect(skipping.chainFor('modern', noResolver).slice(0, 3)).toStrictEqual([traced, modern, shared]);
  });
});
