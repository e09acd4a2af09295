import { createRequire } from 'node:module';
import type { CallInfo } from '../pipeline/call-info.js';
import type { ElicitorInterceptor } from '../pipeline/elicitor-interceptor.js';
import type { OpenTelemetryApi } from '../server/tracing/call-span.interceptor.js';
import type { Tracer } from '@opentelemetry/api';
import type { TracingOptions } from './tracing.options.js';

/** The two halves of tracing: the span around the whole call, and the probe next to the handler. */
export interface CallTracing {
  span: ElicitorInterceptor;
  probe: ElicitorInterceptor;
  recordException(error: unknown, call: CallInfo): void;
  /**
   * Whether a call may be recorded now. False while no OpenTelemetry SDK has given the global tracer
   * provider a delegate: both interceptors would only pass the call on, so calls skip them.
   */
  isLive(): boolean;
}

export const TRACER_NAME = 'elicitor';

const API = '@opentelemetry/api';

/** Whether the optional peer can be imported from here, found without importing it. */
function isInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve(API);
    return true;
  } catch {
    return false;
  }
}

/**
 * The span interceptor, built on the first call: importing `@opentelemetry/api` reads some 40 module
 * files and took several MB at start, which a process that never serves a call need not pay.
 */
class DeferredSpanInterceptor implements ElicitorInterceptor {
  private span: ElicitorInterceptor | undefined;
  private loading: Promise<ElicitorInterceptor> | undefined;

  constructor(private readonly build: () => Promise<ElicitorInterceptor>) {}

  intercept(call: CallInfo, next: () => Promise<unknown>): Promise<unknown> {
    if (this.span) return this.span.intercept(call, next);
    this.loading ??= this.build().then((span) => (this.span = span));
    return this.loading.then((span) => span.intercept(call, next));
  }
}

/**
 * Turns tracing on when `@opentelemetry/api` (an optional peer) is installed, unless `tracing: false`.
 * The tracer comes from the given provider or, by default, the global one, so spans record as soon as an
 * OpenTelemetry SDK registers a provider, and cost next to nothing until then. The API is imported on the
 * first call.
 */
export async function loadTracing(
  options: TracingOptions | false | undefined,
): Promise<CallTracing | undefined> {
  if (options === false || !isInstalled()) return undefined;
  // Imported here, once at start, so an app without the API installed never loads them.
  const [{ CallSpanInterceptor }, { CallTraces }, { TraceProbeInterceptor }] = await Promise.all([
    import('../server/tracing/call-span.interceptor.js'),
    import('../server/tracing/call-trace.js'),
    import('../server/tracing/trace-probe.interceptor.js'),
  ]);
  const traces = new CallTraces();
  // Until the API is loaded (on the first call) a call is taken as recordable.
  let live: () => boolean = () => true;
  const span = new DeferredSpanInterceptor(async () => {
    let api: OpenTelemetryApi;
    try {
      api = await import('@opentelemetry/api');
    } catch {
      live = () => false;
      return { intercept: (_call, next) => next() };
    }
    const provider = options?.tracerProvider ?? api.trace.getTracerProvider();
    if (!options?.tracerProvider) live = globalProviderLive(api, provider);
    return new CallSpanInterceptor(api, provider.getTracer(TRACER_NAME) as Tracer, traces);
  });
  return {
    span,
    probe: new TraceProbeInterceptor(traces),
    recordException: (error, call) => traces.recordException(call, error),
    isLive: () => live(),
  };
}

type DelegatingProvider = { getDelegate?: () => unknown };

/**
 * For the global provider: whether an SDK has given it a delegate. Its delegate is the API's no-op provider
 * until then, the one a fresh proxy reports; where that cannot be told, every call counts as recordable.
 */
function globalProviderLive(api: OpenTelemetryApi, provider: unknown): () => boolean {
  const proxy = provider as DelegatingProvider;
  const Proxy = (api as { ProxyTracerProvider?: new () => DelegatingProvider }).ProxyTracerProvider;
  if (typeof proxy.getDelegate !== 'function' || typeof Proxy !== 'function') return () => true;
  const noop = new Proxy().getDelegate?.();
  if (noop === undefined) return () => true;
  return () => proxy.getDelegate!() !== noop;
}
