import { Context, INPUT_CHANNEL } from '../context/context.js';
import type { CallTarget } from '../context/context.js';
import type { RequestEnvironment } from '../context/request-environment.js';
import { InstantiationPlanner } from '../di/instantiation.planner.js';
import type { FastFactory } from '../di/instantiation.planner.js';
import { RequestScope } from '../di/request-scope.js';
import type { RequestScopeBlueprint } from '../di/request-scope.blueprint.js';
import { InvalidParamsError } from '../errors/invalid-params.error.js';
import { PushInputChannel } from '../legacy/push-input-channel.js';
import type { PushChannelSettings } from '../legacy/push-input-channel.js';
import type { ClassType } from '../metadata/class-type.js';
import type { FilterReference, GuardReference } from '../metadata/enhancer.metadata.js';
import type { InterceptorReference } from '../metadata/interceptor.metadata.js';
import type { ServerLogger } from '../shared/server-logger.js';
import { ArgumentValidationInterceptor } from '../pipeline/argument-validation.interceptor.js';
import type { CallInfo } from '../pipeline/call-info.js';
import type { ElicitorInterceptor } from '../pipeline/elicitor-interceptor.js';
import { handlerLevels, widestFirst } from '../pipeline/enhancer-levels.js';
import { ENHANCER_RESOLVER } from '../pipeline/enhancer.resolver.js';
import { ExceptionFilterSet } from '../pipeline/exception-filter.set.js';
import { FailureRecovery } from '../pipeline/failure.recovery.js';
import { GuardInterceptor } from '../pipeline/guard.interceptor.js';
import { runInterceptorChain } from '../pipeline/interceptor-chain.js';
import { ResultMappingInterceptor } from '../pipeline/result-mapping.interceptor.js';
import type { HandlerDefinition } from '../registry/handler-definition.js';
import { findClosestName } from '../registry/closest-name.finder.js';
import type { HandlerRegistry } from '../registry/handler-registry.js';
import type { InFlightTracker } from './in-flight.tracker.js';
import { checkInputDepth } from './input-depth.check.js';
import { ResourceLocator } from './resource.locator.js';

export interface CallDispatcherSettings {
  registry: HandlerRegistry;
  blueprint: RequestScopeBlueprint;
  globalInterceptors: readonly InterceptorReference[];
  /** App-wide guards, run before those of the class and the method. */
  globalGuards?: readonly GuardReference[];
  /** App-wide exception filters, asked after those of the method and the class. */
  globalFilters?: readonly FilterReference[];
  /** Outermost on every call of either era, before the re-run model (tracing). */
  outerInterceptors?: readonly ElicitorInterceptor[];
  /** Outermost on modern requests after `outerInterceptors`: the re-run model. */
  modernInterceptors: readonly ElicitorInterceptor[];
  /** Built-ins every call runs, outermost first (commit). */
  sharedInterceptors: readonly ElicitorInterceptor[];
  push: PushChannelSettings;
  logger: ServerLogger;
  /** Told of every call's start and end, so the app can drain before it closes. */
  inFlight?: InFlightTracker;
  /** Also told of an error a handler threw that became an error result (tracing records it on the span). */
  onUnexpectedError?: (error: unknown, call: CallInfo) => void;
}

/** The interceptors of one handler that can be prepared before any request. */
interface ChainPlan {
  /** Built-ins then instance interceptors: the whole chain when no interceptor class needs resolving. */
  legacy: readonly ElicitorInterceptor[];
  /** The same behind the re-run model. */
  modern: readonly ElicitorInterceptor[];
  /** Interceptor classes resolved per request (they may inject `Context`), after the prepared part. */
  perRequest: readonly InterceptorReference[];
}

type Params = Record<string, unknown>;

/**
 * Elicitor's transport-agnostic core: one `tools/call`, `prompts/get` or `resources/read` in, a
 * protocol result (or a thrown protocol error) out. It knows nothing of SDK server objects.
 */
export class CallDispatcher {
  private readonly plans = new Map<HandlerDefinition, ChainPlan>();
  private readonly factories = new Map<ClassType, FastFactory<unknown>>();
  private readonly resources: ResourceLocator;

  constructor(private readonly settings: CallDispatcherSettings) {
    const { registry } = settings;
    this.resources = new ResourceLocator(registry);
    this.planInstantiation();
    for (const definition of registry.tools.values()) this.plans.set(definition, this.plan(definition));
    for (const definition of registry.prompts.values()) this.plans.set(definition, this.plan(definition));
    for (const definition of registry.resources.values()) this.plans.set(definition, this.plan(definition));
    for (const definition of registry.resourceTemplates) this.plans.set(definition, this.plan(definition));
  }

  async callTool(params: Params, environment: RequestEnvironment): Promise<unknown> {
    const name = params.name;
    if (typeof name !== 'string') throw new InvalidParamsError('tools/call needs a tool name');
    const definition = this.settings.registry.tools.get(name);
    if (!definition)
      throw new InvalidParamsError(unknownName('tool', name, this.settings.registry.tools.keys()));
    return this.run(definition, { method: 'tools/call', name }, argumentsOf(params), params, environment);
  }

  async getPrompt(params: Params, environment: RequestEnvironment): Promise<unknown> {
    const name = params.name;
    if (typeof name !== 'string') throw new InvalidParamsError('prompts/get needs a prompt name');
    const definition = this.settings.registry.prompts.get(name);
    if (!definition)
      throw new InvalidParamsError(unknownName('prompt', name, this.settings.registry.prompts.keys()));
    return this.run(definition, { method: 'prompts/get', name }, argumentsOf(params), params, environment);
  }

  async readResource(params: Params, environment: RequestEnvironment): Promise<unknown> {
    const uri = params.uri;
    if (typeof uri !== 'string') throw new InvalidParamsError('resources/read needs a uri');
    const found = this.resources.locate(uri);
    if (!found) throw new InvalidParamsError(`Resource not found: ${uri}`, { uri });
    return this.run(
      found.definition,
      { method: 'resources/read', name: uri },
      found.variables,
      params,
      environment,
    );
  }

  private run(
    definition: HandlerDefinition,
    target: CallTarget,
    args: Record<string, unknown>,
    params: Params,
    environment: RequestEnvironment,
  ): Promise<unknown> {
    const inFlight = this.settings.inFlight;
    if (!inFlight) return this.start(definition, target, args, params, environment);
    return inFlight.track(() => this.start(definition, target, args, params, environment));
  }

  private start(
    definition: HandlerDefinition,
    target: CallTarget,
    args: Record<string, unknown>,
    params: Params,
    environment: RequestEnvironment,
  ): Promise<unknown> {
    checkInputDepth(args, 'arguments');
    checkInputDepth(params.inputResponses, 'inputResponses');
    const context = new Context(environment, target);
    const scope = new RequestScope(this.settings.blueprint, this.factories, context);
    const plan = this.plans.get(definition)!;
    const call: CallInfo = {
      kind: definition.kind,
      name: target.name,
      arguments: args,
      params,
      context,
      handlerClass: definition.handlerClass,
      handlerName: definition.handlerName,
      [ENHANCER_RESOLVER]: scope,
    };
    if (environment.era !== 'modern') {
      context[INPUT_CHANNEL] = new PushInputChannel(
        environment.legacyPeer,
        environment.protocolVersion,
        context.clientCapabilities,
        environment.abort.signal,
        this.settings.push,
      );
    }
    const prepared = environment.era === 'modern' ? plan.modern : plan.legacy;
    const chain = plan.perRequest.length
      ? [...prepared, ...resolveInterceptors(plan.perRequest, scope)]
      : prepared;
    return runInterceptorChain(chain, call, () => invokeHandler(definition, scope, call));
  }

  /** Plans, once, which handler and interceptor classes can skip the per-request child container. */
  private planInstantiation(): void {
    const { registry, blueprint, globalInterceptors } = this.settings;
    const planner = new InstantiationPlanner(blueprint.root, blueprint.appWide);
    const classes = new Set<ClassType>();
    const definitions = [
      ...registry.tools.values(),
      ...registry.prompts.values(),
      ...registry.resources.values(),
      ...registry.resourceTemplates,
    ];
    for (const definition of definitions) {
      classes.add(definition.handlerClass);
      for (const reference of definition.interceptors)
        if (typeof reference === 'function') classes.add(reference as ClassType);
    }
    for (const reference of globalInterceptors)
      if (typeof reference === 'function') classes.add(reference as ClassType);
    const { globalGuards = [], globalFilters = [] } = this.settings;
    for (const definition of definitions) {
      const enhancers = [
        ...widestFirst(handlerLevels(globalGuards, definition.guards)),
        ...widestFirst(handlerLevels(globalFilters, definition.filters)),
      ];
      for (const reference of enhancers)
        if (typeof reference === 'function') classes.add(reference as ClassType);
    }
    for (const type of classes) {
      const factory = planner.factoryFor(type);
      if (factory) this.factories.set(type, factory);
    }
  }

  private plan(definition: HandlerDefinition): ChainPlan {
    const resultSettings = {
      structuredOutput:
        definition.kind === 'tool' && 'outputClass' in definition && definition.outputClass !== undefined,
      mimeType: resourceMimeType(definition),
      recovery: new FailureRecovery(
        ExceptionFilterSet.prepare(handlerLevels(this.settings.globalFilters ?? [], definition.filters)),
        (error: unknown, call: CallInfo) => {
          this.settings.logger.error(`${call.kind} ${call.name} failed`, error);
          this.settings.onUnexpectedError?.(error, call);
        },
      ),
    };
    const results = new ResultMappingInterceptor(resultSettings);
    const fixed: ElicitorInterceptor[] = [...this.settings.sharedInterceptors, results];
    if (definition.argsClass) fixed.push(new ArgumentValidationInterceptor(definition.argsClass));
    // Order is kept: everything from the first interceptor class on is resolved per request.
    const user = [...this.settings.globalInterceptors, ...definition.interceptors];
    const firstClass = user.findIndex((entry) => typeof entry === 'function');
    const instances = (firstClass < 0 ? user : user.slice(0, firstClass)) as ElicitorInterceptor[];
    const legacy = [...fixed, ...instances];
    // Guards come right after tracing and before the re-run model: see GuardInterceptor.
    const guards = widestFirst(handlerLevels(this.settings.globalGuards ?? [], definition.guards));
    const outer = [
      ...(this.settings.outerInterceptors ?? []),
      ...(guards.length ? [new GuardInterceptor(guards, results)] : []),
    ];
    return {
      legacy: [...outer, ...legacy],
      modern: [...outer, ...this.settings.modernInterceptors, ...legacy],
      perRequest: firstClass < 0 ? [] : user.slice(firstClass),
    };
  }
}

/** `Unknown tool: x`, with the closest registered name when one is near enough to be a typo. */
function unknownName(what: string, name: string, registered: Iterable<string>): string {
  const closest = findClosestName(name, registered);
  return `Unknown ${what}: ${name}${closest ? `. Did you mean "${closest}"?` : ''}`;
}

function argumentsOf(params: Params): Record<string, unknown> {
  const args = params.arguments;
  if (args === undefined || args === null) return {};
  if (typeof args !== 'object' || Array.isArray(args))
    throw new InvalidParamsError('arguments must be an object');
  return args as Record<string, unknown>;
}

function resolveInterceptors(
  references: readonly InterceptorReference[],
  scope: RequestScope,
): ElicitorInterceptor[] {
  return references.map((reference) =>
    typeof reference === 'function'
      ? scope.get(reference as ClassType<ElicitorInterceptor>)
      : (reference as ElicitorInterceptor),
  );
}

function resourceMimeType(definition: HandlerDefinition): string | undefined {
  if (definition.kind !== 'resource') return undefined;
  const resource = definition as unknown as {
    listEntry?: { mimeType?: string };
    templateEntry?: { mimeType?: string };
  };
  return resource.listEntry?.mimeType ?? resource.templateEntry?.mimeType;
}

async function invokeHandler(
  definition: HandlerDefinition,
  scope: RequestScope,
  call: CallInfo,
): Promise<unknown> {
  const instance = scope.get(definition.handlerClass) as Record<string, (...args: unknown[]) => unknown>;
  const values = definition.parameters.map((kind) =>
    kind === 'args' ? call.args : kind === 'ctx' ? call.context : undefined,
  );
  return instance[definition.handlerName]!(...values);
}
