import 'reflect-metadata';
import { Context, Ctx, ElicitRequestParams, Tool, Tools } from 'elicitor';
import { officialClient } from '../support/official-client.js';
import { textOf } from '../support/transports.js';
import {
  FLEET_KINDS,
  POST_HEADERS,
  callOnFirstReplica,
  connectRouted,
  openRaw,
  startReplicas,
  waitUntil,
} from './support/fleet-replicas.js';
import type { Replicas } from './support/fleet-replicas.js';
import { SeverableFleet } from './support/severable-fleet.js';
import { describeWhen } from '../support/test-requirements.js';

const effects = { charges: 0, commits: 0, memoRuns: 0, runs: 0, ended: 0 };

@Tools()
class PaymentTools {
  @Tool({ description: 'Quotes (memo), charges (once), asks for confirmation, commits' })
  async pay(@Ctx() ctx: Context): Promise<string> {
    try {
      return await this.payOnce(ctx);
    } finally {
      effects.ended++;
    }
  }

  private async payOnce(ctx: Context): Promise<string> {
    effects.runs++;
    const quote = await ctx.memo('quote', () => {
      effects.memoRuns++;
      return 40 + effects.memoRuns;
    });
    const receipt = await ctx.once('charge', () => {
      effects.charges++;
      return `receipt-${effects.charges}`;
    });
    const confirm = await ctx.elicit(
      'confirm',
      ElicitRequestParams.form(`Pay ${quote}?`).withRequired('ok', 'boolean'),
    );
    ctx.onCommit(() => void effects.commits++);
    return `${receipt} for ${quote}: ${confirm.content()?.ok === true ? 'confirmed' : 'declined'}`;
  }
}

for (const kind of FLEET_KINDS) {
  const describeKind = describeWhen('redis', kind.available);
  describeKind(`a call whose replica dies while its question waits (${kind.name})`, () => {
    let replicas: Replicas;
    beforeEach(() => Object.assign(effects, { charges: 0, commits: 0, memoRuns: 0, runs: 0, ended: 0 }));
    afterEach(async () => {
      await replicas?.close();
    });

    it('is re-run by the replica the client resumes on: once and commit run once, memo is replayed', async () => {
      const fleets = kind.make(3, { callLeaseMs: 600 }).map((parts) => ({
        ...parts,
        fleet: new SeverableFleet(parts.fleet!),
      }));
      replicas = await startReplicas(fleets, { tools: [PaymentTools], shutdownTimeoutMs: 200 });
      const kill = (replica: number) => {
        // No drain, no lease renewal, no sockets: as if the process died.
        fleets[replica]!.fleet.sever();
        replicas.servers[replica]!.closeAllConnections();
        replicas.servers[replica]!.close();
      };
      const questions: string[] = [];
      const client = officialClient({
        era: 'legacy',
        onElicit: async (params) => {
          questions.push(String(params.message));
          if (questions.length === 1) kill(0);
          return { action: 'accept', content: { ok: true } };
        },
      });
      const log: string[] = [];
      // The call starts on A; answers go to B; every GET (the resumed stream too) to C.
      await connectRouted(client, replicas.urls, callOnFirstReplica(2), log);
      const result = await client.callTool({ name: 'pay', arguments: {} });
      expect(textOf(result)).toBe('receipt-1 for 41: confirmed');
      expect(effects).toMatchObject({ charges: 1, commits: 1, memoRuns: 1, runs: 2 });
      expect(questions).toStrictEqual(['Pay 41?']);
      expect(log).toContain('response->1');
      await client.close();
    });

    it('ends when its client goes away and never resumes: the question times out, nothing runs twice, no commit', async () => {
      replicas = await startReplicas(kind.make(2), {
        tools: [PaymentTools],
        legacyRequestTimeoutMs: 300,
      });
      const init = await openRaw(replicas.urls[0]!, { elicitation: { form: {} } });
      await init.text();
      const session = { ...POST_HEADERS, 'mcp-session-id': init.headers.get('mcp-session-id')! };
      const leaving = new AbortController();
      const call = await fetch(replicas.urls[0]!, {
        method: 'POST',
        headers: session,
        signal: leaving.signal,
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'pay', arguments: {} },
        }),
      });
      const reader = call.body!.getReader();
      let seen = '';
      while (!seen.includes('elicitation/create'))
        seen += new TextDecoder().decode((await reader.read()).value);
      leaving.abort();
      const left = Date.now();
      // The call outlives its stream (its client may resume elsewhere) until the question times out.
      await waitUntil(() => effects.ended === 1, 3_000);
      expect(Date.now() - left).toBeGreaterThanOrEqual(200);
      expect(effects).toStrictEqual({ charges: 1, commits: 0, memoRuns: 1, runs: 1, ended: 1 });
    });

    it('is taken over at once when its replica shuts down (a deploy) while the question waits', async () => {
      replicas = await startReplicas(kind.make(3, { callLeaseMs: 30_000 }), {
        tools: [PaymentTools],
        shutdownTimeoutMs: 100,
      });
      const questions: string[] = [];
      let closing: Promise<void> | undefined;
      const client = officialClient({
        era: 'legacy',
        onElicit: async (params) => {
          questions.push(String(params.message));
          if (questions.length === 1) {
            closing = replicas.apps[0]!.close().then(() => {
              replicas.servers[0]!.closeAllConnections();
              replicas.servers[0]!.close();
            });
            await closing;
          }
          return { action: 'accept', content: { ok: true } };
        },
      });
      await connectRouted(client, replicas.urls, callOnFirstReplica(2));
      const started = Date.now();
      const result = await client.callTool({ name: 'pay', arguments: {} });
      // Well before the 30 s lease would lapse: the closing replica gave the call up.
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(textOf(result)).toBe('receipt-1 for 41: confirmed');
      expect(effects).toMatchObject({ charges: 1, commits: 1, memoRuns: 1, runs: 2 });
      expect(questions).toStrictEqual(['Pay 41?']);
      await client.close();
    });
  });
}
