import type * as OpenTelemetry from '@opentelemetry/api';
import type { Attributes, Context as TraceContext, Tracer } from '@opentelemetry/api';
import { REQUEST_ENVIRONMENT, type CallInfo } from '../../pipeline/call-info.js';
import type { ElicitorInterceptor } from '../../pipeline/elicitor-interceptor.js';
import { isErrorResult } from '../../pipeline/error-result.js';
import { numberText } from '../../shared/number-text.js';
import type { CallTrace, CallTraces } from './call-trace.js';
import { TraceAttributes, TraceEvents, type TracedResultType } from './trace-attributes.js';

/** The parts of `@opentelemetry/api` the span needs. */
export type OpenTelemetryApi = Pick<
  typeof OpenTelemetry,
  'context' | 'propagation' | 'trace' | 'SpanKind' | 'SpanStatusCode'
>;

const METHOD_OF = { tool: 'tools/call', prompt: 'prompts/get', resource: 'resources/read' } as const;
const NAME_ATTRIBUTE_OF = {
  tool: TraceAttributes.toolName,
  prompt: TraceAttributes.promptName,
  resource: TraceAttributes.resourceUri,
} as const;

/** Reads `traceparent`/`tracestate` from a request's `_meta` (SEP-414) for the registered propagator. */
const META_GETTER: OpenTelemetry.TextMapGetter<Record<string, unknown>> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => {
    const value = carrier[key];
    return typeof value === 'string' ? value : undefined;
  },
};

/**
 * Outermost on every call: one span per `tools/call`, `prompts/get` or `resources/read` (per round on the
 * 2026-07-28 wire), a child of the `traceparent` in `_meta` or else of the active context (an instrumented
 * HTTP server's request span). When no tracer is registered the span does not record and the call runs as
 * if this interceptor were not there.
 */
export class CallSpanInterceptor implements ElicitorInterceptor {
  constructor(
    private readonly api: OpenTelemetryApi,
    private readonly tracer: Tracer,
    private readonly traces: CallTraces,
  ) {}

  intercept(call: CallInfo, next: () => Promise<unknown>): Promise<unknown> {
    const { api } = this;
    const parent = this.parentOf(call);
    const method = METHOD_OF[call.kind];
    const span = this.tracer.startSpan(`${method} ${call.name}`, { kind: api.SpanKind.SERVER }, parent);
    if (!span.isRecording()) return next();
    // Attributes are gathered only for a span that records, so a no-op tracer costs one span object.
    span.setAttributes(this.startAttributes(call, method));
    const trace = this.traces.start(call, span);
    return api.context.with(api.trace.setSpan(parent, span), next).then(
      (result) => {
        this.finish(trace, call, result);
        return result;
      },
      (error: unknown) => {
        this.fail(trace, error);
        throw error;
      },
    );
  }

  private parentOf(call: CallInfo): TraceContext {
    const active = this.api.context.active();
    const meta = call.params._meta;
    if (typeof meta !== 'object' || meta === null || !('traceparent' in meta)) return active;
    return this.api.propagation.extract(active, meta as Record<string, unknown>, META_GETTER);
  }

  private startAttributes(call: CallInfo, method: string): Attributes {
    const { context } = call;
    const attributes: Attributes = {
      [TraceAttributes.method]: method,
      [NAME_ATTRIBUTE_OF[call.kind]]: call.name,
      [TraceAttributes.protocolVersion]: context.protocolVersion,
      [TraceAttributes.requestId]:
        typeof context.requestId === 'number' ? numberText(context.requestId) : context.requestId,
      [TraceAttributes.era]: context.era,
    };
    const round = roundOf(call);
    if (round !== undefined) attributes[TraceAttributes.round] = round;
    const taskId = call[REQUEST_ENVIRONMENT]?.taskId;
    if (taskId !== undefined) attributes[TraceAttributes.taskId] = taskId;
    const answers = call.params.inputResponses;
    if (typeof answers === 'object' && answers !== null)
      attributes[TraceAttributes.answeredKeys] = Object.keys(answers);
    return attributes;
  }

  private finish(trace: CallTrace, call: CallInfo, result: unknown): void {
    const { span } = trace;
    const asked = inputRequestKeys(result);
    const resultType: TracedResultType = asked
      ? 'input_required'
      : isErrorResult(result)
        ? 'error'
        : 'complete';
    const inputKeys = asked ?? trace.pushedKeys;
    if (inputKeys.length > 0) span.setAttribute(TraceAttributes.inputKeys, inputKeys);
    // A resumed round's number is known only once its state was opened, after the span started.
    if (roundOf(call) === undefined) span.setAttribute(TraceAttributes.round, call.context.round);
    span.setAttribute(TraceAttributes.resultType, resultType);
    if (trace.commitsQueued > 0) {
      // Commits run after the handler's success; a success turned into an error means one of them failed.
      const outcome = !trace.handlerSucceeded ? 'discarded' : resultType === 'complete' ? 'ran' : 'failed';
      span.addEvent(TraceEvents.commit, {
        [TraceAttributes.commitCount]: trace.commitsQueued,
        [TraceAttributes.commitOutcome]: outcome,
      });
    }
    if (resultType === 'error')
      span.setStatus({ code: this.api.SpanStatusCode.ERROR, message: `${call.kind} error result` });
    span.end();
  }

  private fail(trace: CallTrace, error: unknown): void {
    const { span } = trace;
    if (trace.pushedKeys.length > 0) span.setAttribute(TraceAttributes.inputKeys, trace.pushedKeys);
    span.setAttribute(TraceAttributes.resultType, 'error');
    if (error instanceof Error) span.recordException(error);
    span.setStatus({
      code: this.api.SpanStatusCode.ERROR,
      message: error instanceof Error ? error.message : String(error),
    });
    span.end();
  }
}

/** The keys of an `input_required` result, or undefined for any other result. */
function inputRequestKeys(result: unknown): string[] | undefined {
  if (typeof result !== 'object' || result === null) return undefined;
  const { resultType, inputRequests } = result as { resultType?: unknown; inputRequests?: unknown };
  if (resultType !== 'input_required' || typeof inputRequests !== 'object' || inputRequests === null)
    return undefined;
  return Object.keys(inputRequests);
}

/**
 * The round of the call when it is known as the span starts: a legacy call and a modern call without
 * `requestState` are in round 1. A later modern round's number is read from the context at the end.
 */
function roundOf(call: CallInfo): number | undefined {
  if (call.context.era === 'legacy' || call.params.requestState === undefined) return 1;
  return undefined;
}
