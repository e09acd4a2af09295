import { context as otelContext, propagation } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';

/** The trace and span of the client's own span, as its `traceparent` carries them. */
export const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
export const CLIENT_SPAN_ID = '00f067aa0ba902b7';
export const TRACEPARENT = `00-${TRACE_ID}-${CLIENT_SPAN_ID}-01`;

/**
 * A tracer provider whose finished spans stay in memory, with W3C propagation and an async context
 * manager registered globally for the specs of the calling file (and removed after them).
 */
export function recordSpans(): { exporter: InMemorySpanExporter; provider: BasicTracerProvider } {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  beforeAll(() => {
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    otelContext.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  });
  afterAll(() => {
    propagation.disable();
    otelContext.disable();
  });
  return { exporter, provider };
}
