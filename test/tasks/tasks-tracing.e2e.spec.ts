import 'reflect-metadata';
import { context as otelContext, propagation } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { TestClient } from 'elicitor/testing';
import { DeployTools, resetDeployEffects } from './deploy-task.fixture.js';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CLIENT_SPAN_ID = '00f067aa0ba902b7';
const TASKS = { extensions: { 'io.modelcontextprotocol/tasks': {} }, elicitation: { form: {} } };

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

describe('tracing of task runs', () => {
  it('gives every run a span with the task id, in the trace of the call that created the task', async () => {
    resetDeployEffects();
    const client = await TestClient.create({
      tools: [DeployTools],
      tracing: { tracerProvider: provider },
      tasks: { pollIntervalMs: 10 },
    });
    try {
      const created = await client.request(
        'tools/call',
        { name: 'deploy', arguments: { service: 'api' } },
        {
          capabilities: TASKS,
          meta: { traceparent: `00-${TRACE_ID}-${CLIENT_SPAN_ID}-01` },
        },
      );
      const { taskId } = created.body.result as { taskId: string };
      const statusOf = async () =>
        (
          (await client.request('tasks/get', { taskId }, { capabilities: TASKS })).body.result as {
            status: string;
          }
        ).status;
      const answers = [
        { approve: { action: 'accept', content: { ok: true } } },
        { note: { action: 'accept', content: { note: 'n' } } },
      ];
      for (let poll = 0; poll < 500; poll++) {
        const status = await statusOf();
        if (status === 'completed') break;
        if (status === 'input_required')
          await client.request(
            'tasks/update',
            { taskId, inputResponses: answers.shift() },
            { capabilities: TASKS },
          );
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const runs = exporter.getFinishedSpans().filter((span) => span.name === 'tools/call deploy');
      expect(runs.map((span) => span.attributes['elicitor.round'])).toStrictEqual([1, 2, 3]);
      expect(runs.map((span) => span.attributes['elicitor.result_type'])).toStrictEqual([
        'input_required',
        'input_required',
        'complete',
      ]);
      for (const span of runs) {
        expect(span.attributes['elicitor.task.id']).toBe(taskId);
        expect(span.spanContext().traceId).toBe(TRACE_ID);
        expect(span.parentSpanContext?.spanId).toBe(CLIENT_SPAN_ID);
      }
    } finally {
      await client.close();
    }
  });
});
