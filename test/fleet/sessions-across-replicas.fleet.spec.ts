import 'reflect-metadata';
import { Context, Ctx, ElicitRequestParams, Resource, Tool, Tools } from 'elicitor';
import { officialClient } from '../support/official-client.js';
import { textOf } from '../support/transports.js';
import {
  FLEET_KINDS,
  POST_HEADERS,
  callOnFirstReplica,
  connectRouted,
  kindOf,
  openRaw,
  startReplicas,
  waitUntil,
} from './support/fleet-replicas.js';
import type { Replicas } from './support/fleet-replicas.js';
import { describeWhen } from '../support/test-requirements.js';

const effects = { charges: 0, commits: 0, waiting: 0, cancelled: [] as string[], closed: [] as boolean[] };

@Tools()
class FleetTools {
  @Tool({ description: 'Asks a name, charges once, commits once' })
  async greet(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit(
      'name',
      ElicitRequestParams.form('Your name?').withRequired('name', 'string'),
    );
    await ctx.once('charge', () => {
      effects.charges++;
      return 'charged';
    });
    ctx.onCommit(() => void effects.commits++);
    return `Hello, ${String(answer.content()?.name)}`;
  }

  @Tool({ description: 'Lets go of its stream, then asks a name' })
  async patient(@Ctx() ctx: Context): Promise<string> {
    effects.closed.push(ctx.closeStream());
    const answer = await ctx.elicit(
      'name',
      ElicitRequestParams.form('Your name?').withRequired('name', 'string'),
    );
    return `Hello again, ${String(answer.content()?.name)}`;
  }

  @Tool({ description: 'Sends the user to a page and returns; the page completes later' })
  async startPayment(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit('pay', ElicitRequestParams.url('https://pay.example.com/p/7', 'Pay 7 €'));
    return answer.elicitationId ?? 'no id';
  }

  @Resource({ uri: 'test://weather', mimeType: 'text/plain' })
  weather(): string {
    return 'sunny';
  }

  @Tool({ description: 'Waits until cancelled' })
  async wait(@Ctx() ctx: Context): Promise<string> {
    effects.waiting++;
    await new Promise<void>((resolve) => {
      if (ctx.signal.aborted) resolve();
      ctx.signal.addEventListener('abort', () => resolve(), { once: true });
    });
    effects.cancelled.push(
      String(ctx.signal.reason instanceof Error ? ctx.signal.reason.message : ctx.signal.reason),
    );
    return 'cancelled';
  }
}

for (const kind of FLEET_KINDS) {
  const describeKind = describeWhen('redis', kind.available);
  describeKind(
    `2025 sessions served by any replica (${kind.name}${kind.name === 'RedisFleet' ? ', needs REDIS_URL' : ''})`,
    () => {
      let replicas: Replicas;
      beforeEach(() => {
        effects.charges = 0;
        effects.commits = 0;
        effects.waiting = 0;
        effects.cancelled = [];
        effects.closed = [];
      });
      afterEach(async () => {
        await replicas?.close();
      });

      it.each(['2025-11-25', '2025-06-18'] as const)(
        'relays the answer to a question from the replica it reached to the one running the call (%s)',
        async (legacyVersion) => {
          replicas = await startReplicas(kind.make(3), { tools: [FleetTools] });
          const log: string[] = [];
          const client = officialClient({
            era: 'legacy',
            legacyVersion,
            onElicit: () => ({ action: 'accept', content: { name: 'Ada' } }),
          });
          // initialize and the call on A, the answer and everything else on B, the GET stream on C.
          await connectRouted(client, replicas.urls, callOnFirstReplica(2), log);
          const result = await client.callTool({ name: 'greet', arguments: {} });
          expect(textOf(result)).toBe('Hello, Ada');
          expect(log).toContain('response->1');
          expect(log).toContain('tools/call->0');
          expect(effects).toMatchObject({ charges: 1, commits: 1 });
          await client.close();
        },
      );

      it('relays the live events of a call running on A to the stream its client resumed on C', async () => {
        replicas = await startReplicas(kind.make(3), { tools: [FleetTools] });
        const log: string[] = [];
        const client = officialClient({
          era: 'legacy',
          onElicit: () => ({ action: 'accept', content: { name: 'Grace' } }),
        });
        await connectRouted(client, replicas.urls, callOnFirstReplica(2), log);
        const result = await client.callTool({ name: 'patient', arguments: {} });
        expect(textOf(result)).toBe('Hello again, Grace');
        expect(effects.closed).toStrictEqual([true]);
        expect(log.filter((entry) => entry === 'GET->2').length).toBeGreaterThanOrEqual(2);
        await client.close();
      });

      it('relays notifications/cancelled to the replica running the call', async () => {
        replicas = await startReplicas(kind.make(2), { tools: [FleetTools] });
        const log: string[] = [];
        const client = officialClient({ era: 'legacy' });
        await connectRouted(client, replicas.urls, callOnFirstReplica(1), log);
        const controller = new AbortController();
        const call = client.callTool({ name: 'wait', arguments: {} }, { signal: controller.signal });
        await waitUntil(() => effects.waiting === 1);
        controller.abort('stop now');
        await expect(call).rejects.toThrow();
        await waitUntil(() => effects.cancelled.length === 1);
        expect(effects.cancelled[0]).toContain('stop now');
        expect(log).toContain('notifications/cancelled->1');
        await client.close();
      });

      it('gives the GET stream held by C a list change published on A, once', async () => {
        replicas = await startReplicas(kind.make(3), { tools: [FleetTools], listChanged: true });
        const heard: string[] = [];
        const client = officialClient({ era: 'legacy' });
        client.setNotificationHandler('notifications/tools/list_changed', () => void heard.push('tools'));
        const log: string[] = [];
        await connectRouted(
          client,
          replicas.urls,
          ({ method }) => (method === 'GET' ? 2 : method === 'DELETE' ? 1 : 0),
          log,
        );
        await waitUntil(() => log.includes('GET->2'));
        // The GET stream reaches C; give C a moment to hold it before A publishes.
        await new Promise((resolve) => setTimeout(resolve, 300));
        replicas.apps[0]!.notifyListChanged('tools');
        await waitUntil(() => heard.length === 1);
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(heard).toStrictEqual(['tools']);
        await client.close();
      });

      it("gives the GET stream held by C the session's own notification sent on A after the call ended", async () => {
        replicas = await startReplicas(kind.make(3), { tools: [FleetTools] });
        const completed: string[] = [];
        const client = officialClient({ era: 'legacy', onElicit: () => ({ action: 'accept' }) });
        client.setNotificationHandler('notifications/elicitation/complete', (notification) => {
          completed.push(String(notification.params.elicitationId));
        });
        const log: string[] = [];
        await connectRouted(client, replicas.urls, ({ method }) => (method === 'GET' ? 2 : 0), log);
        const elicitationId = textOf(await client.callTool({ name: 'start_payment', arguments: {} }));
        await waitUntil(() => log.includes('GET->2'));
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(await replicas.apps[0]!.completeElicitation(elicitationId)).toBe(true);
        await waitUntil(() => completed.length === 1);
        expect(completed).toStrictEqual([elicitationId]);
        await client.close();
      });

      it('keeps a subscription made on B in the session everywhere: an update published on A reaches the GET stream on C', async () => {
        replicas = await startReplicas(kind.make(3), { tools: [FleetTools], resourceSubscriptions: true });
        const updated: string[] = [];
        const client = officialClient({ era: 'legacy' });
        client.setNotificationHandler('notifications/resources/updated', (notification) => {
          updated.push(String(notification.params.uri));
        });
        const log: string[] = [];
        await connectRouted(
          client,
          replicas.urls,
          ({ method, body }) => (method === 'GET' ? 2 : kindOf(body) === 'initialize' ? 0 : 1),
          log,
        );
        await waitUntil(() => log.includes('GET->2'));
        await client.subscribeResource({ uri: 'test://weather' });
        await new Promise((resolve) => setTimeout(resolve, 300));
        replicas.apps[0]!.notifyResourceUpdated('test://other');
        replicas.apps[0]!.notifyResourceUpdated('test://weather');
        await waitUntil(() => updated.length === 1);
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(updated).toStrictEqual(['test://weather']);
        expect(log).toContain('resources/subscribe->1');
        await client.close();
      });

      it('ends on every replica a session deleted on B', async () => {
        replicas = await startReplicas(kind.make(2), { tools: [FleetTools] });
        const client = officialClient({ era: 'legacy' });
        await connectRouted(client, replicas.urls, ({ method }) => (method === 'DELETE' ? 1 : 0));
        await client.listTools();
        const transport = client.transport as unknown as {
          sessionId: string;
          terminateSession(): Promise<void>;
        };
        const sessionId = transport.sessionId;
        await transport.terminateSession();
        const ping = async (url: string) =>
          (
            await fetch(url, {
              method: 'POST',
              headers: { ...POST_HEADERS, 'mcp-session-id': sessionId },
              body: JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'ping' }),
            })
          ).status;
        // B answers the DELETE once the fleet forgot the session; A hears it by pub/sub a moment later.
        expect(await ping(replicas.urls[1]!)).toBe(404);
        const deadline = Date.now() + 2_000;
        let onA = await ping(replicas.urls[0]!);
        while (onA !== 404 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          onA = await ping(replicas.urls[0]!);
        }
        expect(onA).toBe(404);
        await client.close();
      });

      it('drops a copy whose session left the fleet, even when no message said so', async () => {
        const shared = kind.make(1);
        replicas = await startReplicas(
          shared,
          { tools: [FleetTools] },
          { legacySessions: { idleTimeoutMs: 1_000 } },
        );
        const client = officialClient({ era: 'legacy' });
        await connectRouted(client, replicas.urls, () => 0);
        await client.listTools();
        const sessionId = (client.transport as unknown as { sessionId: string }).sessionId;
        const ping = async () =>
          (
            await fetch(replicas.urls[0]!, {
              method: 'POST',
              headers: { ...POST_HEADERS, 'mcp-session-id': sessionId },
              body: JSON.stringify({ jsonrpc: '2.0', id: 6, method: 'ping' }),
            })
          ).status;
        // Removed from the fleet behind the replica's back, as when its deletion message was lost.
        expect(await shared[0]!.fleet!.sessions.remove(sessionId)).toBe(true);
        // Past the renewal throttle (a tenth of the idle timeout): the next request renews, and learns.
        await new Promise((resolve) => setTimeout(resolve, 150));
        expect(await ping()).toBe(200);
        const deadline = Date.now() + 2_000;
        let status = await ping();
        while (status !== 404 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          status = await ping();
        }
        expect(status).toBe(404);
        await client.close();
      });

      it.each([
        ['2025-11-25', 'B, which never held it', 1],
        ['2025-11-25', 'A, which still runs the call', 0],
        ['2025-06-18', 'A, which still runs the call', 0],
      ] as const)(
        'ends with its result a call that starts on a copy whose session left the fleet (%s, the answer to %s)',
        async (legacyVersion, _answerTo, answerReplica) => {
          const shared = kind.make(2);
          replicas = await startReplicas(
            shared,
            { tools: [FleetTools] },
            { legacySessions: { idleTimeoutMs: 1_000 } },
          );
          const client = officialClient({
            era: 'legacy',
            legacyVersion,
            onElicit: () => ({ action: 'accept', content: { name: 'Ada' } }),
          });
          const log: string[] = [];
          await connectRouted(
            client,
            replicas.urls,
            ({ body }) => (kindOf(body) === 'response' ? answerReplica : 0),
            log,
          );
          await client.listTools();
          const sessionId = (client.transport as unknown as { sessionId: string }).sessionId;
          // Forgotten behind the replicas' backs, as by a Redis that came back empty.
          expect(await shared[0]!.fleet!.sessions.remove(sessionId)).toBe(true);
          // Past the renewal throttle: the call's own request renews, and learns it while the call runs.
          await new Promise((resolve) => setTimeout(resolve, 150));
          const result = await client.callTool({ name: 'greet', arguments: {} });
          expect(textOf(result)).toBe('Hello, Ada');
          expect(log).toContain(`response->${answerReplica}`);
          expect(effects).toMatchObject({ charges: 1, commits: 1 });
          // The copy went with its last call: the session is gone everywhere.
          const ping = await fetch(replicas.urls[0]!, {
            method: 'POST',
            headers: { ...POST_HEADERS, 'mcp-session-id': sessionId },
            body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'ping' }),
          });
          expect(ping.status).toBe(404);
          await client.close();
        },
      );

      it('holds the session cap across replicas', async () => {
        replicas = await startReplicas(
          kind.make(2),
          { tools: [FleetTools] },
          { legacySessions: { maxSessions: 2 } },
        );
        expect((await openRaw(replicas.urls[0]!)).status).toBe(200);
        expect((await openRaw(replicas.urls[1]!)).status).toBe(200);
        for (const url of replicas.urls) {
          const refused = await openRaw(url);
          expect(refused.status).toBe(503);
          expect(refused.headers.get('retry-after')).not.toBeNull();
        }
      });
    },
  );
}
