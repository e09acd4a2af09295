import type { CallInfo } from '../pipeline/call-info.js';
import type { ElicitorInterceptor } from '../pipeline/elicitor-interceptor.js';
import { CallSpanInterceptor, type OpenTelemetryApi } from '../server/tracing/call-span.interceptor.js';
import type { Tracer } from '@opentelemetry/api';
import { CallTraces } from '../server/tracing/call-trace.js';
import { TraceProbeInterceptor } from '../server/tracing/trace-probe.interceptor.js';
import type { TracingOptions } from './tracing.options.js';

/** The two halves of tracing: the span around the whole call, and the probe next to the handler. */
export interface CallTracing {
  span: ElicitorInterceptor;
  probe: ElicitorInterceptor;
  recordException(error: unknown, call: CallInfo): void;
}

export const TRACER_NAME = 'elicitor';

/**
 * Turns tracing on when `@opentelemetry/api` (an optional peer) is installed, unless `tracing: false`.
 * The tracer comes from the given provider or, by default, the global one, so spans record as soon as an
 * OpenTelemetry SDK registers a provider, and cost next to nothing until then.
 */
export async function loadTracing(
  options: TracingOptions | false | undefined,
): Promise<CallTracing | undefined> {
  if (options === false) return undefined;
  let api: OpenTelemetryApi;
  try {
    api = await import('@opentelemetry/api');
  } catch {
    return undefined;
  }
  const provider = options?.tracerProvider ?? api.trace.getTracerProvider();
  const traces = new CallTraces();
  return {
    span: new CallSpanInterceptor(api, provider.getTracer(TRACER_NAME) as Tracer, traces),
    probe: new TraceProbeInterceptor(traces),
    recordException: (error, call) => traces.recordException(call, error),
  };
}
