import { propagation, trace } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { Elicitor } from 'elicitor';
import type { ElicitorApp } from 'elicitor';
import { StockTools } from './stock.tools.js';

/** Registers a tracer provider and the W3C propagator, as `NodeSDK.start()` would, then creates the app. */
export async function createTracedApp(exporter: SpanExporter): Promise<ElicitorApp> {
  trace.setGlobalTracerProvider(
    new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
  );
  propagation.setGlobalPropagator(new W3CTraceContextPropagator()); // reads `traceparent` from `_meta`
  return Elicitor.create({ name: 'stock', version: '1.0.0', tools: [StockTools] });
}
