import 'reflect-metadata';
import { TestClient } from 'elicitor/testing';
import { CLIENT_SPAN_ID, TRACEPARENT, TRACE_ID, recordSpans } from '../support/span-recorder.js';
import { DeployTools, resetDeployEffects } from './deploy-task.fixture.js';

const TASKS = { extensions: { 'io.modelcontextprotocol/tasks': {} }, elicitation: { form: {} } };

const { exporter, provider } = recordSpans();

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
          meta: { traceparent: TRACEPARENT },
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
