import { trace } from '@opentelemetry/api';
import { BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import type { CallInfo } from '../pipeline/call-info.js';
import { loadTracing } from './tracing-loader.js';

const context = { protocolVersion: '2026-07-28', requestId: 1, era: 'modern' };
const call = { kind: 'tool', name: 'echo', params: {}, context } as unknown as CallInfo;
const next = () => Promise.resolve('done');

describe('loadTracing', () => {
  afterEach(() => trace.disable());

  it('is live until the API has loaded, idle while the global provider has no SDK, live once one registers', async () => {
    const tracing = (await loadTracing(undefined))!;
    expect(tracing.isLive()).toBe(true);
    await expect(tracing.span.intercept(call, next)).resolves.toBe('done');
    expect(tracing.isLive()).toBe(false);
    trace.setGlobalTracerProvider(new BasicTracerProvider());
    expect(tracing.isLive()).toBe(true);
  });

  it('is always live with a provider of the app’s own', async () => {
    const tracing = (await loadTracing({ tracerProvider: new BasicTracerProvider() }))!;
    await tracing.span.intercept(call, next);
    expect(tracing.isLive()).toBe(true);
  });

  it('is off with tracing: false', async () => {
    await expect(loadTracing(false)).resolves.toBeUndefined();
  });
});
