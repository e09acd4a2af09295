import 'reflect-metadata';
import { Writable } from 'node:stream';
import { propagation, trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { TestClient, accept } from 'elicitor/testing';
import { createApp } from '../../docs/snippets/observability/pino-logger.js';
import { warehouseNotices } from '../../docs/snippets/observability/stock.tools.js';
import { createTracedApp } from '../../docs/snippets/observability/tracing.js';
import { snippetJson } from './support/snippet-files.js';

/** Collects pino's output, one JSON entry a line. */
class JsonLines extends Writable {
  readonly entries: Array<Record<string, unknown>> = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    for (const line of chunk.toString().split('\n').filter(Boolean)) this.entries.push(JSON.parse(line));
    done();
  }
}

describe('Observability guide: logging with pino', () => {
  it('logs a failed tool with its stack, as the guide shows', async () => {
    const out = new JsonLines();
    const app = await createApp(out);
    const client = TestClient.forApp(app);
    const run = await client.callTool('reserve_stock', { sku: 'broken' });
    await app.close();

    expect(run.result?.isError).toBe(true);
    const entry = out.entries.find((line) => line.msg === 'tool reserve_stock failed')!;
    const { time: _time, pid: _pid, hostname: _hostname, ...shown } = entry;
    const err = shown.err as { stack: string };
    // The guide shows the stack's first two lines, without the file position.
    err.stack = err.stack
      .split('\n')
      .slice(0, 2)
      .join('\n')
      .replace(/ \(.*\)$/, ' (…)');
    expect(shown).toStrictEqual(snippetJson('observability/tool-failed.log.json'));
  });
});

describe('Observability guide: tracing', () => {
  afterEach(() => {
    trace.disable();
    propagation.disable();
  });

  it('records one span a round, child of the traceparent in _meta, as the guide shows', async () => {
    const exporter = new InMemorySpanExporter();
    const app = await createTracedApp(exporter);
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const run = await TestClient.forApp(app).callTool(
      'reserve_stock',
      { sku: 'w-1' },
      { answers: { quantity: accept({ quantity: 3 }) }, meta: { traceparent } },
    );
    await app.close();

    expect(run.text).toBe('Reserved 3 of w-1');
    expect(warehouseNotices).toStrictEqual(['3 of w-1 reserved']);
    const shown = exporter.getFinishedSpans().map((span) => {
      const { 'jsonrpc.request.id': _id, ...attributes } = span.attributes;
      return {
        name: span.name,
        traceId: span.spanContext().traceId,
        parentSpanId: span.parentSpanContext?.spanId,
        attributes,
        events: span.events.map((event) => ({ name: event.name, attributes: event.attributes })),
      };
    });
    expect(shown).toStrictEqual(snippetJson('observability/reserve-stock.spans.json'));
  });
});
