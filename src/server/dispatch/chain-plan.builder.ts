import type { FilterReference, GuardReference } from '../../metadata/enhancer.metadata.js';
import type { InterceptorReference } from '../../metadata/interceptor.metadata.js';
import type { ServerLogger } from '../../shared/server-logger.js';
import { formatThrownValue } from '../../shared/thrown-value.formatter.js';
import { ArgumentValidationInterceptor } from '../../pipeline/argument-validation.interceptor.js';
import { StandardArgumentValidationInterceptor } from '../../pipeline/standard-argument-validation.interceptor.js';
import { StructuredOutputValidationInterceptor } from '../../pipeline/structured-output-validation.interceptor.js';
import type { CallInfo } from '../../pipeline/call-info.js';
import type { ElicitorInterceptor } from '../../pipeline/elicitor-interceptor.js';
import { handlerLevels, widestFirst } from '../../pipeline/enhancer-levels.js';
import { ExceptionFilterSet } from '../../pipeline/exception-filter-set.js';
import { FailureRecovery } from '../../pipeline/failure-recovery.js';
import { GuardInterceptor } from '../../pipeline/guard.interceptor.js';
import { ResultMappingInterceptor } from '../../pipeline/result-mapping.interceptor.js';
import type { ResultMappingSettings } from '../../pipeline/result-mapping.interceptor.js';
import { ChainPlan } from './chain-plan.js';
import type { SkippableInterceptors } from './chain-plan.js';
import type { RegisteredHandler } from './registered-handlers.js';

export interface ChainPlanSettings {
  globalInterceptors: readonly InterceptorReference[];
  /** App-wide guards, run before those of the class and the method. */
  globalGuards?: readonly GuardReference[];
  /** App-wide exception filters, asked after those of the method and the class. */
  globalFilters?: readonly FilterReference[];
  /** Outermost on every call of either era, before its input model (tracing). */
  outerInterceptors?: readonly ElicitorInterceptor[];
  /** On modern requests after `outerInterceptors`: the re-run model. */
  modernInterceptors: readonly ElicitorInterceptor[];
  /** On legacy requests after `outerInterceptors`: the push model. */
  legacyInterceptors: readonly ElicitorInterceptor[];
  /** Built-ins every call runs after its input model, outermost first (commit). */
  sharedInterceptors: readonly ElicitorInterceptor[];
  logger: ServerLogger;
  /** Interceptors a call leaves out while `skipNow()` says so (tracing, while nothing could record). */
  skippable?: SkippableInterceptors;
  /** Also told of an error a handler threw that became an error result (tracing records it on the span). */
  onUnexpectedError?: (error: unknown, call: CallInfo) => void;
}

/** Builds, at bootstrap, the interceptor chains of each handler. */
export class ChainPlanner {
  constructor(private readonly settings: ChainPlanSettings) {}

  plan(definition: RegisteredHandler): ChainPlan {
    const { settings } = this;
    const results = new ResultMappingInterceptor(this.resultSettings(definition));
    const fixed: ElicitorInterceptor[] = [...settings.sharedInterceptors, results];
    if (definition.kind === 'tool' && definition.outputStandardSchema) {
      fixed.push(new StructuredOutputValidationInterceptor(definition.outputStandardSchema));
    }
    if (definition.argsClass) fixed.push(new ArgumentValidationInterceptor(definition.argsClass));
    else if (definition.argsSchema)
      fixed.push(new StandardArgumentValidationInterceptor(definition.argsSchema));
    // Order is kept: everything from the first interceptor class on is resolved per request.
    const user = [...settings.globalInterceptors, ...definition.interceptors];
    const firstClass = user.findIndex((entry) => typeof entry === 'function');
    const instances = (firstClass < 0 ? user : user.slice(0, firstClass)) as ElicitorInterceptor[];
    const inner = [...fixed, ...instances];
    // Guards come right after tracing and before the input model: see GuardInterceptor.
    const guards = widestFirst(handlerLevels(settings.globalGuards ?? [], definition.guards));
    const outer = [
      ...(settings.outerInterceptors ?? []),
      ...(guards.length ? [new GuardInterceptor(guards, results)] : []),
    ];
    const chains = {
      modern: [...outer, ...settings.modernInterceptors, ...inner],
      legacy: [...outer, ...settings.legacyInterceptors, ...inner],
    };
    const perRequest = firstClass < 0 ? [] : user.slice(firstClass);
    const skippable = settings.skippable;
    if (!skippable) return new ChainPlan(chains, perRequest, instances.length);
    const keep = (interceptor: ElicitorInterceptor) => !skippable.interceptors.has(interceptor);
    const shorter = { modern: chains.modern.filter(keep), legacy: chains.legacy.filter(keep) };
    return new ChainPlan(chains, perRequest, instances.length, { chains: shorter, now: skippable.skipNow });
  }

  private resultSettings(definition: RegisteredHandler): ResultMappingSettings {
    const recovery = new FailureRecovery(
      ExceptionFilterSet.prepare(handlerLevels(this.settings.globalFilters ?? [], definition.filters)),
      (error: unknown, call: CallInfo) => {
        const failed = `${call.kind} ${call.name} failed`;
        // A thrown string or object has no stack or message a logger would print: it goes in the line.
        if (error instanceof Error) this.settings.logger.error(failed, error);
        else this.settings.logger.error(`${failed}: it threw ${formatThrownValue(error)}, not an Error`);
        this.settings.onUnexpectedError?.(error, call);
      },
    );
    if (definition.kind === 'tool')
      return {
        structuredOutput:
          definition.outputClass !== undefined || definition.outputStandardSchema !== undefined,
        recovery,
      };
    const mimeType =
      definition.kind === 'resource'
        ? (definition.listEntry?.mimeType ?? definition.templateEntry?.mimeType)
        : undefined;
    return mimeType === undefined
      ? { structuredOutput: false, recovery }
      : { structuredOutput: false, mimeType, recovery };
  }
}
