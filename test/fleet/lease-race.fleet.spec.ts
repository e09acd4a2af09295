import 'reflect-metadata';
import { Context, Ctx, ElicitRequestParams, Tool, Tools } from 'elicitor';
import { FLEET_KINDS, POST_HEADERS, openRaw, startReplicas, waitUntil } from './support/fleet-replicas.js';
import { readEvents, type SseEvent } from './support/sse-events.js';
import type { Replicas } from './support/fleet-replicas.js';
import { HookedFleet } from './support/hooked-fleet.js';
import { SeverableFleet } from './support/severable-fleet.js';
import { describeWhen } from '../support/test-requirements.js';

/**
 * The race of a call takeover on 2025 sessions: the client's answer reaches the fleet at the moment the
 * owner's lease lapses and another replica re-runs the call from its journal. Replica 0 (A) runs the
 * call, 1 (B) takes it over on a Last-Event-ID resume, 2 (C) receives answers that name neither.
 */
const LEASE_MS = 300;
const effects = { charges: 0, ships: 0, commits: 0, runs: 0, ended: 0 };

@Tools()
class OrderTools {
  @Tool({ description: 'Charges (once), asks, ships (once), commits' })
  async order(@Ctx() ctx: Context): Promise<string> {
    effects.runs++;
    try {
      const quote = await ctx.memo('quote', () => 41);
      const receipt = await ctx.once('charge', () => `receipt-${++effects.charges}`);
      const confirm = await ctx.elicit(
        'confirm',
        ElicitRequestParams.form(`Pay ${quote}?`).withRequired('ok', 'boolean'),
      );
      const parcel = await ctx.once('ship', () => `parcel-${++effects.ships}`);
      ctx.onCommit(() => void effects.commits++);
      return `${receipt} ${parcel} for ${quote}: ${confirm.content()?.ok === true ? 'yes' : 'no'}`;
    } finally {
      effects.ended++;
    }
  }
}

const isFinal = (event: SseEvent) => event.message.method === undefined && event.message.id === 1;

for (const kind of FLEET_KINDS) {
  const describeKind = describeWhen('redis', kind.available);
  describeKind(`an answer racing the takeover of its call (${kind.name})`, () => {
    let replicas: Replicas;
    let fleets: HookedFleet[];
    let severable: SeverableFleet[];
    let session: Record<string, string>;

    beforeEach(async () => {
      Object.assign(effects, { charges: 0, ships: 0, commits: 0, runs: 0, ended: 0 });
      const parts = kind.make(3, { callLeaseMs: LEASE_MS });
      severable = parts.map(({ fleet }) => new SeverableFleet(fleet!));
      fleets = severable.map((fleet) => new HookedFleet(fleet));
      replicas = await startReplicas(
        parts.map(({ store }, index) => ({ fleet: fleets[index]!, store: store! })),
        { tools: [OrderTools], legacyRequestTimeoutMs: 4_000, shutdownTimeoutMs: 100 },
      );
      const init = await openRaw(replicas.urls[0]!, { elicitation: { form: {} } });
      await init.text();
      session = { ...POST_HEADERS, 'mcp-session-id': init.headers.get('mcp-session-id')! };
      await post(0, { jsonrpc: '2.0', method: 'notifications/initialized' });
    });
    afterEach(async () => {
      await replicas?.close();
      await Promise.all(fleets.map((fleet) => fleet.close().catch(() => undefined)));
    });

    const post = (replica: number, message: object) =>
      fetch(replicas.urls[replica]!, { method: 'POST', headers: session, body: JSON.stringify(message) });

    /** Starts the call on A and drops its stream once the question came: the client will resume. */
    async function callUntilAsked(): Promise<{ questionId: string; eventId: string; streamId: string }> {
      const leaving = new AbortController();
      const call = await fetch(replicas.urls[0]!, {
        method: 'POST',
        headers: session,
        signal: leaving.signal,
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'order' } }),
      });
      const events = await readEvents(call, (seen) =>
        seen.some((event) => event.message.method === 'elicitation/create'),
      );
      leaving.abort();
      const question = events.find((event) => event.message.method === 'elicitation/create')!;
      const questionId = String(question.message.id);
      return { questionId, eventId: question.id!, streamId: questionId.slice(0, questionId.indexOf('~')) };
    }

    const answer = (replica: number, questionId: string) =>
      post(replica, {
        jsonrpc: '2.0',
        id: questionId,
        result: { action: 'accept', content: { ok: true } },
      }).then((response) => expect(response.status).toBe(202));

    /** The client resumes the call's stream on B; resolves with every event B sends on it. */
    const resumeOnB = (eventId: string) =>
      fetch(replicas.urls[1]!, {
        headers: {
          accept: 'text/event-stream',
          'mcp-session-id': session['mcp-session-id']!,
          'last-event-id': eventId,
        },
      }).then((response) => readEvents(response, () => false));

    /** A, still serving, cannot renew its lease (its store is out of reach) until the lease lapses. */
    async function leaseLapsesOnA(): Promise<void> {
      fleets[0]!.claimsFail = true;
      await new Promise((resolve) => setTimeout(resolve, LEASE_MS * 1.5));
    }

    /** A dies: no lease renewal, no bus, no sockets. */
    async function killA(): Promise<void> {
      severable[0]!.sever();
      await new Promise((resolve) => setTimeout(resolve, LEASE_MS * 1.5));
      replicas.servers[0]!.closeAllConnections();
      replicas.servers[0]!.close();
    }

    function expectOneOutcome(events: SseEvent[]): void {
      const finals = events.filter(isFinal);
      expect(finals).toHaveLength(1);
      expect(finals[0]!.message.result).toMatchObject({
        content: [{ type: 'text', text: 'receipt-1 parcel-1 for 41: yes' }],
      });
      // The journal's answer was used: B never asked again.
      expect(events.filter((event) => event.message.method === 'elicitation/create')).toHaveLength(0);
      expect(effects).toMatchObject({ charges: 1, ships: 1, commits: 1 });
    }

    async function expectJournalDone(streamId: string): Promise<void> {
      const done = (await fleets[1]!.records.read(`call:${streamId}`))?.done;
      expect(JSON.parse(done!)).toMatchObject({
        result: { content: [{ text: 'receipt-1 parcel-1 for 41: yes' }] },
      });
    }

    it('(a) uses an answer journaled just before the new owner reads the journal', async () => {
      const { questionId, eventId, streamId } = await callUntilAsked();
      await killA();
      await answer(2, questionId);
      expectOneOutcome(await resumeOnB(eventId));
      expect(effects.runs).toBe(2);
      await expectJournalDone(streamId);
    });

    it('(b) uses an answer journaled just after the new owner read the journal', async () => {
      const { questionId, eventId, streamId } = await callUntilAsked();
      await killA();
      fleets[1]!.afterJournalRead = () => answer(2, questionId);
      expectOneOutcome(await resumeOnB(eventId));
      expect(fleets[1]!.afterJournalRead).toBeUndefined();
      await expectJournalDone(streamId);
    });

    it('(c) a late old owner that receives the answer neither commits nor runs once again', async () => {
      const { questionId, eventId, streamId } = await callUntilAsked();
      await leaseLapsesOnA();
      const resumed = resumeOnB(eventId);
      await waitUntil(() => effects.runs === 2);
      // The store is back for A, which does not know yet that B holds the call now.
      fleets[0]!.claimsFail = false;
      await answer(0, questionId);
      expectOneOutcome(await resumed);
      await waitUntil(() => effects.ended === 2);
      expect(effects).toMatchObject({ charges: 1, ships: 1, commits: 1 });
      await expectJournalDone(streamId);
    });

    it('(d) both replicas receive the answer: the new owner alone completes the call', async () => {
      const { questionId, eventId, streamId } = await callUntilAsked();
      await leaseLapsesOnA();
      const resumed = resumeOnB(eventId);
      await waitUntil(() => effects.runs === 2);
      fleets[0]!.claimsFail = false;
      await answer(2, questionId);
      expectOneOutcome(await resumed);
      await waitUntil(() => effects.ended === 2);
      expect(effects).toMatchObject({ charges: 1, ships: 1, commits: 1 });
      await expectJournalDone(streamId);
    });
  });
}
