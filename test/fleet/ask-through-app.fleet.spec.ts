import 'reflect-metadata';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Client } from '@modelcontextprotocol/client';
import { ANSWER_TOOL_NAME, Elicitor } from 'elicitor';
import type { AppQuestion, ElicitorApp } from 'elicitor';
import { APPS_ONLY_HOST_CAPABILITIES, appQuestionOf } from 'elicitor/testing';
import { SeedTourModule, seedTourOptions } from '../../samples/seed-tour/src/seed-tour.module.js';
import { OrderCounters } from '../../samples/seed-tour/src/services/order-counters.service.js';
import { officialClient } from '../support/official-client.js';
import { textOf } from '../support/transports.js';
import { FLEET_KINDS, SHARED_KEYS, connectRouted, quietLogger } from './support/fleet-replicas.js';

const ORDER = { item: 'widget', quantity: 2 };
const ADDRESS = { name: 'Ada Lovelace', email: 'ada@example.com', address: '12 St James Square' };

type CallResult = Awaited<ReturnType<Client['callTool']>>;

interface Replica {
  app: ElicitorApp;
  server: Server;
  url: string;
}

function questionOf(result: CallResult): AppQuestion {
  const question = appQuestionOf(result);
  if (question === undefined) throw new Error(`no question in ${JSON.stringify(result)}`);
  return question;
}

function answer(
  client: Client,
  question: AppQuestion,
  content: Record<string, unknown>,
): Promise<CallResult> {
  return client.callTool({
    name: ANSWER_TOOL_NAME,
    arguments: { continuation: question.continuation, action: 'accept', content },
  });
}

/** A replica dies as a process would: its app stops and every socket it held drops. */
async function kill(replica: Replica): Promise<void> {
  await replica.app.close();
  replica.server.closeAllConnections();
  replica.server.close();
}

const kinds = FLEET_KINDS.filter((kind) => kind.available);

describe.each(kinds.map((kind) => [kind.name, kind] as const))(
  'asking through an app across replicas (%s)',
  (_name, kind) => {
    let replicas: Replica[] = [];

    beforeEach(async () => {
      replicas = [];
      for (const parts of kind.make(2)) {
        const app = await Elicitor.create(SeedTourModule, {
          ...seedTourOptions,
          ...parts,
          logger: quietLogger,
          requestState: { keys: SHARED_KEYS },
        });
        const server = createServer(app.nodeHandler());
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
        replicas.push({ app, server, url });
      }
    });
    afterEach(async () => {
      await Promise.all(replicas.slice(1).map((replica) => kill(replica)));
    });

    it.each(['modern', 'legacy'] as const)(
      '%s: the replica that asked dies; the rest of place_order runs on another with one quote, one charge, one receipt',
      async (era) => {
        const client = officialClient({ era, capabilities: APPS_ONLY_HOST_CAPABILITIES });
        let serving = 0;
        await connectRouted(
          client,
          replicas.map((replica) => replica.url),
          () => serving,
        );
        const shipping = questionOf(await client.callTool({ name: 'place_order', arguments: ORDER }));
        expect(shipping.key).toBe('shipping');
        const confirm = questionOf(await answer(client, shipping, ADDRESS));
        expect(confirm).toMatchObject({
          key: 'confirm',
          message: expect.stringContaining('Place the order?'),
        });
        // The quote was made on the first replica, which now dies between two rounds.
        const first = replicas[0]!.app.get(OrderCounters).snapshot();
        expect(first).toStrictEqual({ quotes: 1, charges: 0, receipts: 0 });
        await kill(replicas[0]!);
        serving = 1;

        const done = await answer(client, confirm, { confirm: true });
        expect(textOf(done)).toMatch(/^Order .+ placed: 2 × widget to Ada Lovelace, \$\d+ charged\.$/);
        // The app submits again, and again from the round before: the recorded result, nothing run twice.
        expect(textOf(await answer(client, confirm, { confirm: true }))).toBe(textOf(done));
        expect(textOf(await answer(client, shipping, ADDRESS))).toBe(textOf(done));

        const second = replicas[1]!.app.get(OrderCounters).snapshot();
        // The quote is replayed from the sealed state on the second replica, not made again.
        expect(second).toStrictEqual({ quotes: 0, charges: 1, receipts: 1 });
        await client.close().catch(() => undefined);
      },
      30_000,
    );
  },
);
