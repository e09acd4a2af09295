import { Context } from '../context/context.js';
import type { RequestEnvironment } from '../context/request-environment.js';
import type { FastFactory } from '../di/instantiation-plan.builder.js';
import { RequestScope } from '../di/request-scope.js';
import type { RequestScopeBlueprint } from '../di/request-scope-blueprint.js';
import type { ClassType } from '../metadata/class-type.js';
import { runInterceptorChain } from '../pipeline/interceptor-chain.js';
import type { HandlerDefinition } from '../registry/handler-definition.js';
import type { HandlerRegistry } from '../registry/handler-registry.js';
import type { UiResourceRegistry } from '../registry/ui-resource.registry.js';
import type { ChainPlan } from './dispatch/chain-plan.js';
import { CallRecord } from './dispatch/call-record.js';
import { ChainPlanner } from './dispatch/chain-plan.builder.js';
import type { ChainPlanSettings } from './dispatch/chain-plan.builder.js';
import { invokeHandler } from './dispatch/handler-invoker.js';
import { HandlerLookup } from './dispatch/handler-lookup.js';
import type { FoundHandler } from './dispatch/handler-lookup.js';
import { planFastFactories } from './dispatch/instantiation-plan.js';
import { registeredHandlers } from './dispatch/registered-handlers.js';
import type { InFlightTracker } from './in-flight-tracker.js';
import { checkInputDepth } from './input-depth.check.js';
import { asksThroughApp } from '../context/app-asking.check.js';
import { ANSWER_TOOL_NAME } from '../shared/mcp-apps.constants.js';
import { APP_ANSWER } from '../mrtr/app-answer.js';
import { answeredCallParams } from './dispatch/answer-tool.handler.js';
import { FIRST_EXTENSIONS_VERSION } from './protocol-versions.js';
import { ShuttingDownError } from '../errors/shutting-down.error.js';
import type { CallKind } from '../metadata/call-kind.js';

export interface CallDispatcherSettings extends ChainPlanSettings {
  registry: HandlerRegistry;
  blueprint: RequestScopeBlueprint;
  /** Told of every call's start and end, so the app can drain before it closes. */
  inFlight?: InFlightTracker;
  /** The app's MCP Apps: a read of one is its result built at bootstrap, with no handler to run. */
  uiResources?: UiResourceRegistry;
  /**
   * Questions to clients that render apps but cannot be sent a form end the call with a question for an
   * app, and `elicitor_answer` re-runs it; a 2025 session asked so runs on the re-run model too.
   */
  askThroughApps?: boolean;
}

type Params = Record<string, unknown>;

/**
 * Elicitor's transport-agnostic core: one `tools/call`, `prompts/get` or `resources/read` in, a
 * protocol result (or a thrown protocol error) out. It knows nothing of SDK server objects, nor of
 * either era's input model: those come as interceptors in the chains planned at bootstrap.
 */
export class CallDispatcher {
  private readonly lookup: HandlerLookup;
  private readonly plans = new Map<HandlerDefinition, ChainPlan>();
  private readonly factories: ReadonlyMap<ClassType, FastFactory<unknown>>;

  constructor(private readonly settings: CallDispatcherSettings) {
    this.lookup = new HandlerLookup(settings.registry);
    const handlers = registeredHandlers(settings.registry);
    this.factories = planFastFactories(handlers, settings);
    const planner = new ChainPlanner(settings);
    for (const definition of handlers) this.plans.set(definition, planner.plan(definition));
  }

  callTool(params: Params, environment: RequestEnvironment): Promise<unknown> {
    if (!this.settings.askThroughApps || params.name !== ANSWER_TOOL_NAME)
      return this.run('tool', params, environment);
    let continued: Params;
    try {
      continued = answeredCallParams(params);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    return this.run('tool', continued, environment);
  }

  getPrompt(params: Params, environment: RequestEnvironment): Promise<unknown> {
    return this.run('prompt', params, environment);
  }

  readResource(params: Params, environment: RequestEnvironment): Promise<unknown> {
    const app = this.settings.uiResources?.read(params.uri);
    if (app !== undefined) return Promise.resolve(app);
    return this.run('resource', params, environment);
  }

  /** Always settles through the promise: a call that cannot start rejects rather than throwing. */
  private run(kind: CallKind, params: Params, environment: RequestEnvironment): Promise<unknown> {
    let found: FoundHandler;
    try {
      found = this.find(kind, params);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    const inFlight = this.settings.inFlight;
    if (inFlight === undefined) return this.startSettling(found, params, environment);
    if (!inFlight.enter()) return Promise.reject(new ShuttingDownError());
    const running = this.startSettling(found, params, environment);
    inFlight.leaveWhenSettled(running);
    return running;
  }

  /**
   * A 2025 session (2025-11-25 on: 2025-06-18 has no extensions) that asks through apps runs its calls on
   * the re-run model, so a question can end the call and `elicitor_answer` re-run it from sealed state.
   */
  private rerunsOnLegacy(environment: RequestEnvironment, context: Context, params: Params): boolean {
    if (!this.settings.askThroughApps || environment.era !== 'legacy') return false;
    if (APP_ANSWER in params) return true;
    if (environment.protocolVersion < FIRST_EXTENSIONS_VERSION) return false;
    return context.target.method === 'tools/call' && asksThroughApp(context.clientCapabilities);
  }

  private find(kind: CallKind, params: Params): FoundHandler {
    if (kind === 'tool') return this.lookup.tool(params);
    if (kind === 'prompt') return this.lookup.prompt(params);
    return this.lookup.resource(params);
  }

  private startSettling(
    found: FoundHandler,
    params: Params,
    environment: RequestEnvironment,
  ): Promise<unknown> {
    try {
      return this.start(found, params, environment);
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  private start(
    { definition, target, args }: FoundHandler,
    params: Params,
    environment: RequestEnvironment,
  ): Promise<unknown> {
    checkInputDepth(args, 'arguments');
    checkInputDepth(params.inputResponses, 'inputResponses');
    const context = new Context(environment, target);
    const scope = new RequestScope(this.settings.blueprint, this.factories, context);
    const call = new CallRecord(definition, target.name, args, params, context, scope, environment);
    const plan = this.plans.get(definition)!;
    const chain = plan.chainFor(
      this.rerunsOnLegacy(environment, context, params) ? 'modern' : environment.era,
      scope,
    );
    const builtInLevels = chain.length - plan.userLevels;
    return runInterceptorChain(chain, call, () => invokeHandler(definition, scope, call), builtInLevels);
  }
}
