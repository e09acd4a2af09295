import 'reflect-metadata';
import { Context, Ctx, Tool, Tools } from 'elicitor';
import { FLEET_KINDS, POST_HEADERS, openRaw, startReplicas, waitUntil } from './support/fleet-replicas.js';
import type { Replicas } from './support/fleet-replicas.js';
import { readEvents, type SseEvent } from './support/sse-events.js';
import { describeWhen } from '../support/test-requirements.js';

const effects = { started: 0, stoppedAt: 0 };

@Tools()
class HeldTasks {
  @Tool({ description: 'Runs as a task until it is cancelled', task: 'required' })
  async hold(@Ctx() ctx: Context): Promise<string> {
    effects.started++;
    await new Promise<void>((resolve) => {
      ctx.signal.addEventListener('abort', () => resolve(), { once: true });
      setTimeout(resolve, 20_000).unref();
    });
    effects.stoppedAt = Date.now();
    return 'held';
  }
}

/** Far longer than the test waits: only a change heard across replicas can make it pass. */
const POLL_MS = 60_000;

/** The message answering request `id`, from a JSON or an SSE response. */
async function replyTo(response: Response, id: number): Promise<SseEvent['message']> {
  if (!response.headers.get('content-type')?.includes('text/event-stream'))
    return (await response.json()) as SseEvent['message'];
  const events = await readEvents(response, (seen) => seen.some((event) => event.message.id === id));
  return events.find((event) => event.message.id === id)!.message;
}

/**
 * Tasks on 2025-11-25 sessions shared by replicas: a change made on one replica is heard at once by the
 * others through the fleet's bus, so a cancel sent to B stops the run on A, ends A's `tasks/result`, and
 * reaches the creating session on A as `notifications/tasks/status`, long before any poll interval.
 */
for (const kind of FLEET_KINDS) {
  const describeKind = describeWhen('redis', kind.available);
  describeKind(`tasks across replicas on 2025-11-25 (${kind.name})`, () => {
    let replicas: Replicas;
    afterEach(async () => {
      await replicas?.close();
    });

    it('a cancel on B stops the run on A at once, ends its tasks/result and tells its creator', async () => {
      Object.assign(effects, { started: 0, stoppedAt: 0 });
      replicas = await startReplicas(kind.make(2), {
        tools: [HeldTasks],
        tasks: { pollIntervalMs: POLL_MS },
        shutdownTimeoutMs: 100,
      });
      const init = await openRaw(replicas.urls[0]!, { tasks: { requests: { tools: { call: {} } } } });
      await init.text();
      const session = { ...POST_HEADERS, 'mcp-session-id': init.headers.get('mcp-session-id')! };
      const post = (replica: number, message: object) =>
        fetch(replicas.urls[replica]!, { method: 'POST', headers: session, body: JSON.stringify(message) });
      await post(0, { jsonrpc: '2.0', method: 'notifications/initialized' });

      const standalone = await fetch(replicas.urls[0]!, {
        headers: { accept: 'text/event-stream', 'mcp-session-id': session['mcp-session-id'] },
      });
      // Settled even when the stream breaks, so a failure reads as a failed expectation.
      const statuses = readEvents(standalone, (seen) =>
        seen.some((event) => event.message.params?.status === 'cancelled'),
      ).catch(() => [] as SseEvent[]);

      const created = await replyTo(
        await post(0, {
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'hold', arguments: {}, task: { ttl: 60_000 } },
        }),
        1,
      );
      const taskId = (created.result as { task: { taskId: string } }).task.taskId;
      await waitUntil(() => effects.started === 1);
      const result = post(0, { jsonrpc: '2.0', id: 2, method: 'tasks/result', params: { taskId } })
        .then((response) => replyTo(response, 2))
        .catch((error: unknown) => ({ error: String(error) }) as SseEvent['message']);

      const cancelledAt = Date.now();
      const cancel = await replyTo(
        await post(1, { jsonrpc: '2.0', id: 3, method: 'tasks/cancel', params: { taskId } }),
        3,
      );
      expect(cancel.result).toMatchObject({ taskId, status: 'cancelled' });

      // All three within a few seconds, where the poll interval is a minute.
      await waitUntil(() => effects.stoppedAt > 0, 5_000);
      expect(effects.stoppedAt - cancelledAt).toBeLessThan(5_000);
      const answer = await result;
      expect(answer.id).toBe(2);
      const heard = await statuses;
      const told = heard.filter((event) => event.message.method === 'notifications/tasks/status');
      expect(told.at(-1)?.message.params).toMatchObject({ taskId, status: 'cancelled' });
      // The creator hears each status once, whichever replica made the change.
      const cancelledNotices = told.filter((event) => event.message.params?.status === 'cancelled');
      expect(cancelledNotices).toHaveLength(1);
      expect(Date.now() - cancelledAt).toBeLessThan(POLL_MS / 2);
    });
  });
}
