import 'reflect-metadata';
import { Elicitor } from 'elicitor';
import type { ElicitorApp } from 'elicitor';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { ShopModule, shopOptions } from '../../docs/snippets/elicitation/shop.module.js';
import { Mailer, Payments } from '../../docs/snippets/elicitation/shop.services.js';
import { fleetOptions } from '../../docs/snippets/deployment/fleet.options.js';
import { RoundRobinProxy } from '../fixtures/fleet-replica/src/round-robin.proxy.js';
import { textOf } from '../support/transports.js';
import { itWhen } from '../support/test-requirements.js';

const quiet = { info() {}, warn() {}, error() {} };
const REDIS_URL = process.env.REDIS_URL;
const KEYS = { ELICITOR_STATE_KEYS: 'fleet-docs-secret-0123456789abcdef' };

describe('Deployment guide: a fleet on Redis', () => {
  it('needs the keyring and the Redis URL', () => {
    expect(() => fleetOptions(shopOptions, {})).toThrow('Set ELICITOR_STATE_KEYS');
    expect(() => fleetOptions(shopOptions, KEYS)).toThrow('Set REDIS_URL');
  });

  itWhen('redis')(
    'serves a 2025-11-25 session on two replicas behind a round-robin balancer',
    async () => {
      const env = { ...KEYS, REDIS_URL };
      const app = { ...shopOptions, name: `fleet-docs-${process.pid}-${Date.now()}` };
      const replicas: ElicitorApp[] = [];
      for (let index = 0; index < 2; index++) {
        replicas.push(await Elicitor.create(ShopModule, { ...fleetOptions(app, env), logger: quiet }));
      }
      const origins: string[] = [];
      for (const replica of replicas) {
        origins.push(new URL((await replica.listen({ http: { port: 0 } })).url!).origin);
      }
      const balancer = new RoundRobinProxy(origins);
      const port = await balancer.listen();
      const client = new Client(
        { name: 'fleet-docs', version: '1.0.0' },
        { capabilities: { elicitation: { form: {} } } },
      );
      client.setRequestHandler('elicitation/create', (request) =>
        'confirm' in
        ((request.params as { requestedSchema?: { properties: object } }).requestedSchema?.properties ?? {})
          ? { action: 'accept', content: { confirm: true } }
          : { action: 'accept', content: { name: 'Ada', email: 'ada@example.com' } },
      );
      try {
        await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
        expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
        const result = await client.callTool({
          name: 'place_order',
          arguments: { item: 'widget', quantity: 1 },
        });
        expect(textOf(result)).toMatch(/^Order ch_\d+ placed: 1 × widget for Ada\.$/);
        const charges = replicas.reduce((sum, replica) => sum + replica.get(Payments).charges, 0);
        const receipts = replicas.reduce((sum, replica) => sum + replica.get(Mailer).receipts.length, 0);
        expect({ charges, receipts }).toStrictEqual({ charges: 1, receipts: 1 });
      } finally {
        await client.close();
        await balancer.close();
        await Promise.all(replicas.map((replica) => replica.close()));
      }
    },
    60_000,
  );
});
