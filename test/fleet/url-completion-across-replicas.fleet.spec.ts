import 'reflect-metadata';
import type { Client } from '@modelcontextprotocol/client';
import { Context, Ctx, ElicitRequestParams, Tool, Tools, UrlElicitationRequiredError } from 'elicitor';
import { officialClient } from '../support/official-client.js';
import { textOf } from '../support/transports.js';
import { FLEET_KINDS, connectRouted, startReplicas, waitUntil } from './support/fleet-replicas.js';
import type { Replicas } from './support/fleet-replicas.js';
import { describeWhen } from '../support/test-requirements.js';

@Tools()
class PaymentTools {
  @Tool({ description: 'Sends the user to a payment page and returns; the webhook finishes later' })
  async startPayment(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit('pay', ElicitRequestParams.url('https://pay.example.com/p/7', 'Pay 7 €'));
    return answer.elicitationId ?? 'no id';
  }

  @Tool({ description: 'Needs the account linked on a web page first' })
  linkAccount(): string {
    throw new UrlElicitationRequiredError([
      { url: 'https://pay.example.com/link', message: 'Link your account', elicitationId: 'link-1' },
    ]);
  }
}

/** Pauses so the GET stream is held, or so a second notification would have arrived. */
const settle = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));

for (const kind of FLEET_KINDS) {
  const describeKind = describeWhen('redis', kind.available);
  describeKind(
    `app.completeElicitation on any replica (${kind.name}${kind.name === 'RedisFleet' ? ', needs REDIS_URL' : ''})`,
    () => {
      let replicas: Replicas;
      let client: Client;
      let completed: string[];
      let log: string[];

      /** A 2025-11-25 client whose requests all reach A and whose GET stream is open on B. */
      async function connectAskedOnAHeardOnB(): Promise<void> {
        replicas = await startReplicas(kind.make(3), { tools: [PaymentTools] });
        completed = [];
        log = [];
        client = officialClient({ era: 'legacy', onElicit: () => ({ action: 'accept' }) });
        client.setNotificationHandler('notifications/elicitation/complete', (notification) => {
          completed.push(String(notification.params.elicitationId));
        });
        await connectRouted(client, replicas.urls, ({ method }) => (method === 'GET' ? 1 : 0), log);
        await waitUntil(() => log.includes('GET->1'));
        await settle();
      }

      async function askPayment(): Promise<string> {
        return textOf(await client.callTool({ name: 'start_payment', arguments: {} }));
      }

      afterEach(async () => {
        await client?.close();
        await replicas?.close();
      });

      it('sends the completion of a question asked on A to the GET stream on B when C completes it', async () => {
        await connectAskedOnAHeardOnB();
        const paid = await askPayment();
        await expect(client.callTool({ name: 'link_account', arguments: {} })).rejects.toMatchObject({
          code: -32042,
        });
        expect(await replicas.apps[2]!.completeElicitation(paid)).toBe(true);
        expect(await replicas.apps[2]!.completeElicitation('link-1')).toBe(true);
        await waitUntil(() => completed.length === 2);
        await settle();
        expect(completed).toStrictEqual([paid, 'link-1']);
        expect(log.every((entry) => entry === 'GET->1' || entry.endsWith('->0'))).toBe(true);
      });

      it('sends one notification when two replicas complete the same id at once', async () => {
        await connectAskedOnAHeardOnB();
        const first = await askPayment();
        const second = await askPayment();
        // Neither B nor C asked the first; A, which asked the second, races C for it.
        const firstRace = await Promise.all([
          replicas.apps[1]!.completeElicitation(first),
          replicas.apps[2]!.completeElicitation(first),
        ]);
        const secondRace = await Promise.all([
          replicas.apps[0]!.completeElicitation(second),
          replicas.apps[2]!.completeElicitation(second),
        ]);
        expect(firstRace.filter(Boolean)).toHaveLength(1);
        expect(secondRace.filter(Boolean)).toHaveLength(1);
        await waitUntil(() => completed.length >= 2);
        await settle(300);
        expect([...completed].sort()).toStrictEqual([first, second].sort());
      });

      it('is false on every replica for an unknown id, and for an id once completed', async () => {
        await connectAskedOnAHeardOnB();
        const paid = await askPayment();
        for (const app of replicas.apps) expect(await app.completeElicitation('never-asked')).toBe(false);
        expect(await replicas.apps[2]!.completeElicitation(paid)).toBe(true);
        for (const app of replicas.apps) expect(await app.completeElicitation(paid)).toBe(false);
        await waitUntil(() => completed.length === 1);
        await settle();
        expect(completed).toStrictEqual([paid]);
      });

      it('is false on another replica once the session that got the id was deleted', async () => {
        await connectAskedOnAHeardOnB();
        const paid = await askPayment();
        await (client.transport as unknown as { terminateSession(): Promise<void> }).terminateSession();
        expect(await replicas.apps[2]!.completeElicitation(paid)).toBe(false);
        expect(await replicas.apps[0]!.completeElicitation(paid)).toBe(false);
      });
    },
  );
}
