import 'reflect-metadata';
import type { ElicitorApp } from 'elicitor';
import { connectHttp, officialClient } from '../../../test/support/official-client.js';
import type { Era } from '../../../test/support/official-client.js';
import { textOf } from '../../../test/support/transports.js';
import { ELICITOR_APP } from '../src/mcp/elicitor-app.provider.js';
import { OrdersService } from '../src/orders/orders.service.js';
import { startServer } from '../src/server.js';
import type { RunningServer } from '../src/server.js';

const quiet = { info() {}, warn() {}, error() {} };
const VERSIONS: Record<Era, string> = { modern: '2026-07-28', legacy: '2025-11-25' };

/** Someone who orders three notebooks for Sam, noting each question. */
function buyer(asked: string[]) {
  return (params: Record<string, unknown>) => {
    asked.push(String(params.message));
    const properties = (params.requestedSchema as { properties: Record<string, unknown> }).properties;
    return 'item' in properties
      ? { action: 'accept', content: { item: 'notebook', quantity: 3 } }
      : { action: 'accept', content: { customer: 'Sam' } };
  };
}

describe.each(['modern', 'legacy'] as const)('nest-mount, official client on the %s wire', (era) => {
  let running: RunningServer;

  beforeEach(async () => {
    running = await startServer(0, quiet);
  });
  afterEach(() => running.nest.close());

  it('places an order in two questions, and the Nest controller lists it', async () => {
    const asked: string[] = [];
    const client = await connectHttp(officialClient({ era, onElicit: buyer(asked) }), running.url);
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe(VERSIONS[era]);
      const result = await client.callTool({ name: 'place_order', arguments: {} });
      expect(textOf(result)).toBe('Order O-1 placed: 3 × notebook for Sam.');
    } finally {
      await client.close();
    }
    expect(asked).toStrictEqual(['What would you like to order?', '3 × notebook: for whom?']);
    const listed = await fetch(running.url.replace(/\/mcp$/, '/orders'));
    expect(await listed.json()).toStrictEqual([
      { id: 'O-1', item: 'notebook', quantity: 3, customer: 'Sam' },
    ]);
  });

  it('places nothing when the person cancels the second form', async () => {
    const client = await connectHttp(
      officialClient({
        era,
        onElicit: (params) =>
          String(params.message).startsWith('What')
            ? { action: 'accept', content: { item: 'pencil', quantity: 1 } }
            : { action: 'cancel' },
      }),
      running.url,
    );
    try {
      expect(textOf(await client.callTool({ name: 'place_order', arguments: {} }))).toBe('No order placed.');
    } finally {
      await client.close();
    }
    expect(running.nest.get(OrdersService).list()).toStrictEqual([]);
  });
});

describe('nest-mount: one service in both containers', () => {
  let running: RunningServer;
  beforeAll(async () => {
    running = await startServer(0, quiet);
  });
  afterAll(() => running.nest.close());

  it('gives Elicitor the very OrdersService instance Nest created', () => {
    const mcp = running.nest.get<symbol, ElicitorApp>(ELICITOR_APP);
    expect(mcp.get(OrdersService)).toBe(running.nest.get(OrdersService));
  });

  it('keeps Nest routing around /mcp: its controller and its 404', async () => {
    const orders = await fetch(running.url.replace(/\/mcp$/, '/orders'));
    expect(orders.status).toBe(200);
    expect(await orders.json()).toStrictEqual([]);
    const missing = await fetch(running.url.replace(/\/mcp$/, '/nowhere'));
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toBe('Cannot GET /nowhere');
  });
});
