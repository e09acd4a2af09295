import 'reflect-metadata';
import { context as otelContext, trace } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import type { Client } from '@modelcontextprotocol/client';
import { Args, Ctx, ElicitRequestParams, Elicitor, Field, Prompt, Resource, Tool, Tools } from 'elicitor';
import type { Context, ElicitorApp } from 'elicitor';
import { TestClient, accept } from 'elicitor/testing';
import { connectHttp, officialClient, type Era } from '../support/official-client.js';
import { CLIENT_SPAN_ID, TRACEPARENT, TRACE_ID, recordSpans } from '../support/span-recorder.js';
import { startHttpApp, textOf } from '../support/transports.js';

class SkuArgs {
  @Field({ description: 'Product code' }) sku!: string;
}

class TopicArgs {
  @Field({ description: 'Topic' }) topic!: string;
}

const effects: string[] = [];

@Tools()
class Warehouse {
  @Tool({ description: 'Reserves once, then asks how many, then commits' })
  async reserve(@Args() args: SkuArgs, @Ctx() ctx: Context): Promise<string> {
    await ctx.once('hold', () => effects.push(`hold ${args.sku}`));
    const answer = await ctx.elicit(
      'quantity',
      ElicitRequestParams.form('How many?').withRequired('quantity', 'integer'),
    );
    const quantity = answer.content()?.quantity as number;
    ctx.onCommit(() => effects.push(`notify ${quantity}`));
    return `Reserved ${quantity} of ${args.sku}`;
  }

  @Tool({ description: 'Fails unexpectedly' })
  explode(): string {
    throw new Error('inventory database unreachable');
  }

  @Prompt({ description: 'Writes about a topic' })
  essay(@Args() args: TopicArgs): string {
    return `Write about ${args.topic}`;
  }

  @Resource({ uri: 'stock://levels', mimeType: 'text/plain' })
  levels(): string {
    return 'widgets: 4';
  }
}

const { exporter, provider } = recordSpans();
beforeEach(() => {
  exporter.reset();
  effects.length = 0;
});

const spans = (): ReadableSpan[] => exporter.getFinishedSpans();
const events = (span: ReadableSpan) =>
  span.events.map((event) => ({ name: event.name, ...event.attributes }));

describe.each<[Era, string]>([
  ['modern', '2026-07-28'],
  ['legacy', '2025-11-25'],
])('tracing on the %s wire (official client, HTTP)', (era, protocolVersion) => {
  let app: ElicitorApp;
  let client: Client;

  beforeAll(async () => {
    let url: string;
    ({ app, url } = await startHttpApp({
      name: 'traced',
      version: '1.0.0',
      tools: [Warehouse],
      logger: { info() {}, warn() {}, error() {} },
      tracing: { tracerProvider: provider },
    }));
    client = await connectHttp(
      officialClient({ era, onElicit: () => ({ action: 'accept', content: { quantity: 3 } }) }),
      url,
    );
  });
  afterAll(async () => {
    await client.close();
    await app.close();
  });

  it('records each round of tools/call with its round, asked keys, era, result type and events', async () => {
    const result = await client.callTool({
      name: 'reserve',
      arguments: { sku: 'w-1' },
      _meta: { traceparent: TRACEPARENT },
    });
    expect(textOf(result)).toBe('Reserved 3 of w-1');
    expect(effects).toStrictEqual(['hold w-1', 'notify 3']);

    const common = {
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'reserve',
      'mcp.protocol.version': protocolVersion,
      'elicitor.era': era,
    };
    const recorded = spans();
    for (const span of recorded) {
      expect(span.name).toBe('tools/call reserve');
      expect(span.spanContext().traceId).toBe(TRACE_ID);
      expect(span.parentSpanContext?.spanId).toBe(CLIENT_SPAN_ID);
    }
    if (era === 'modern') {
      const [first, second] = recorded;
      expect(recorded).toHaveLength(2);
      expect(first!.attributes).toMatchObject({
        ...common,
        'elicitor.round': 1,
        'elicitor.input_keys': ['quantity'],
        'elicitor.result_type': 'input_required',
      });
      expect(events(first!)).toStrictEqual([
        { name: 'elicitor.once', 'elicitor.once.key': 'hold', 'elicitor.once.outcome': 'run' },
      ]);
      expect(second!.attributes).toMatchObject({
        ...common,
        'elicitor.round': 2,
        'elicitor.answered_keys': ['quantity'],
        'elicitor.result_type': 'complete',
      });
      expect(second!.attributes['elicitor.input_keys']).toBeUndefined();
      expect(events(second!)).toStrictEqual([
        { name: 'elicitor.once', 'elicitor.once.key': 'hold', 'elicitor.once.outcome': 'replayed' },
        { name: 'elicitor.on_commit', 'elicitor.commit.count': 1, 'elicitor.commit.outcome': 'ran' },
      ]);
    } else {
      expect(recorded).toHaveLength(1);
      expect(recorded[0]!.attributes).toMatchObject({
        ...common,
        'elicitor.round': 1,
        'elicitor.input_keys': ['quantity'],
        'elicitor.result_type': 'complete',
      });
      expect(events(recorded[0]!)).toStrictEqual([
        { name: 'elicitor.once', 'elicitor.once.key': 'hold', 'elicitor.once.outcome': 'run' },
        { name: 'elicitor.on_commit', 'elicitor.commit.count': 1, 'elicitor.commit.outcome': 'ran' },
      ]);
    }
  });

  it('marks a tool that failed as an error, with an error status and the exception', async () => {
    const result = await client.callTool({ name: 'explode', arguments: {} });
    expect(result.isError).toBe(true);
    const [span] = spans();
    expect(span!.attributes['elicitor.result_type']).toBe('error');
    expect(span!.status.code).toBe(2); // SpanStatusCode.ERROR
    // The client sees a generic error result; the span keeps what was thrown, stack included.
    expect(span!.events.map((event) => [event.name, event.attributes?.['exception.message']])).toStrictEqual([
      ['exception', 'inventory database unreachable'],
    ]);
    expect(String(span!.events[0]!.attributes?.['exception.stacktrace'])).toContain('at Warehouse.explode');
  });

  it('ignores a malformed traceparent: the span starts a trace of its own and the call runs', async () => {
    const result = await client.readResource({
      uri: 'stock://levels',
      _meta: { traceparent: 'not-a-trace' },
    });
    expect(result.contents).toHaveLength(1);
    const [span] = spans();
    expect(span!.parentSpanContext).toBeUndefined();
    expect(span!.spanContext().traceId).not.toBe(TRACE_ID);
  });

  it('records prompts/get and resources/read', async () => {
    await client.getPrompt({ name: 'essay', arguments: { topic: 'stock' } });
    await client.readResource({ uri: 'stock://levels' });
    expect(
      spans().map((span) => [
        span.name,
        span.attributes['elicitor.result_type'],
        span.attributes['elicitor.era'],
      ]),
    ).toStrictEqual([
      ['prompts/get essay', 'complete', era],
      ['resources/read stock://levels', 'complete', era],
    ]);
    expect(spans()[0]!.attributes['gen_ai.prompt.name']).toBe('essay');
    expect(spans()[1]!.attributes['mcp.resource.uri']).toBe('stock://levels');
  });
});

describe('tracing parents and switches', () => {
  it('takes the active context as parent when _meta has no traceparent (an instrumented HTTP server)', async () => {
    const app = await Elicitor.create({
      name: 'traced',
      version: '1.0.0',
      tools: [Warehouse],
      tracing: { tracerProvider: provider },
    });
    const outer = provider.getTracer('host').startSpan('POST /mcp');
    await otelContext.with(trace.setSpan(otelContext.active(), outer), () =>
      TestClient.forApp(app).readResource('stock://levels'),
    );
    outer.end();
    await app.close();
    const call = spans().find((span) => span.name === 'resources/read stock://levels')!;
    expect(call.parentSpanContext?.spanId).toBe(outer.spanContext().spanId);
    expect(call.spanContext().traceId).toBe(outer.spanContext().traceId);
  });

  it('records nothing with tracing: false, and the call runs the same', async () => {
    const app = await Elicitor.create({
      name: 'untraced',
      version: '1.0.0',
      tools: [Warehouse],
      tracing: false,
    });
    const run = await TestClient.forApp(app).callTool(
      'reserve',
      { sku: 'w-2' },
      { answers: { quantity: accept({ quantity: 1 }) } },
    );
    await app.close();
    expect(run.text).toBe('Reserved 1 of w-2');
    expect(spans()).toStrictEqual([]);
  });

  it('records nothing while no tracer provider is registered (the global no-op one)', async () => {
    const app = await Elicitor.create({ name: 'untraced', version: '1.0.0', tools: [Warehouse] });
    const run = await TestClient.forApp(app).callTool(
      'reserve',
      { sku: 'w-3' },
      { answers: { quantity: accept({ quantity: 2 }) } },
    );
    await app.close();
    expect(run.text).toBe('Reserved 2 of w-3');
    expect(spans()).toStrictEqual([]);
    trace.setGlobalTracerProvider(provider);
    try {
      const traced = await Elicitor.create({ name: 'traced', version: '1.0.0', tools: [Warehouse] });
      await TestClient.forApp(traced).readResource('stock://levels');
      await traced.close();
      expect(spans().map((span) => span.name)).toStrictEqual(['resources/read stock://levels']);
    } finally {
      trace.disable();
    }
  });

  it('starts recording the calls of a running app once an SDK registers a global provider', async () => {
    const app = await Elicitor.create({ name: 'late-sdk', version: '1.0.0', tools: [Warehouse] });
    const client = TestClient.forApp(app);
    try {
      await client.readResource('stock://levels');
      expect(spans()).toStrictEqual([]);
      trace.setGlobalTracerProvider(provider);
      const run = await client.callTool(
        'reserve',
        { sku: 'w-4' },
        { answers: { quantity: accept({ quantity: 1 }) } },
      );
      expect(run.text).toBe('Reserved 1 of w-4');
      // One span per round, and none for the read made before the SDK came.
      expect(spans().map((span) => span.name)).toStrictEqual(['tools/call reserve', 'tools/call reserve']);
    } finally {
      trace.disable();
      await app.close();
    }
  });
});
