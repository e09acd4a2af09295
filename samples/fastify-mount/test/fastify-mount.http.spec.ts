import 'reflect-metadata';
import { connectHttp, officialClient } from '../../../test/support/official-client.js';
import type { Era } from '../../../test/support/official-client.js';
import { textOf } from '../../../test/support/transports.js';
import { startServer } from '../src/server.js';
import type { RunningServer } from '../src/server.js';

const quiet = { info() {}, warn() {}, error() {} };
const VERSIONS: Record<Era, string> = { modern: '2026-07-28', legacy: '2025-11-25' };

/** Someone who picks Grace for 2 hours and books under their name, noting each question. */
function booker(asked: string[]) {
  return (params: Record<string, unknown>) => {
    asked.push(String(params.message));
    const properties = (params.requestedSchema as { properties: Record<string, unknown> }).properties;
    return 'room' in properties
      ? { action: 'accept', content: { room: 'grace', hours: 2 } }
      : { action: 'accept', content: { name: 'Lin' } };
  };
}

describe.each(['modern', 'legacy'] as const)('fastify-mount, official client on the %s wire', (era) => {
  let running: RunningServer;

  beforeEach(async () => {
    running = await startServer(0, { logger: quiet });
  });
  afterEach(() => running.close());

  it('books a room in two questions, and the Fastify route shows it', async () => {
    const asked: string[] = [];
    const client = await connectHttp(officialClient({ era, onElicit: booker(asked) }), running.url);
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe(VERSIONS[era]);
      const result = await client.callTool({ name: 'book_room', arguments: {} });
      expect(textOf(result)).toBe('Booked grace for 2 h under Lin (B-1).');
    } finally {
      await client.close();
    }
    expect(asked).toStrictEqual(['Which room, for how long?', 'Room grace for 2 h: under which name?']);
    const rooms = (await (await fetch(running.url.replace(/\/mcp$/, '/rooms'))).json()) as Array<{
      room: string;
      bookings: unknown[];
    }>;
    expect(rooms.find((entry) => entry.room === 'grace')?.bookings).toStrictEqual([
      { id: 'B-1', room: 'grace', hours: 2, bookedBy: 'Lin' },
    ]);
  });

  it('books nothing when the person closes the second form', async () => {
    const client = await connectHttp(
      officialClient({
        era,
        onElicit: (params) =>
          String(params.message).startsWith('Which room')
            ? { action: 'accept', content: { room: 'ada', hours: 1 } }
            : { action: 'cancel' },
      }),
      running.url,
    );
    try {
      expect(textOf(await client.callTool({ name: 'book_room', arguments: {} }))).toBe('No room booked.');
    } finally {
      await client.close();
    }
    expect(running.bookings.list()).toStrictEqual([]);
  });
});

describe('fastify-mount: the Fastify routes around /mcp', () => {
  let running: RunningServer;
  beforeAll(async () => {
    running = await startServer(0, { logger: quiet });
  });
  afterAll(() => running.close());

  it('serves its own route and its own 404', async () => {
    const rooms = await fetch(running.url.replace(/\/mcp$/, '/rooms'));
    expect(rooms.status).toBe(200);
    expect(((await rooms.json()) as Array<{ room: string }>).map((entry) => entry.room)).toStrictEqual([
      'ada',
      'grace',
      'turing',
    ]);
    const missing = await fetch(running.url.replace(/\/mcp$/, '/nowhere'));
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toBe('Route GET:/nowhere not found');
  });

  it('answers a body that is not JSON with a JSON-RPC-free 400 from Fastify, before Elicitor', async () => {
    const broken = await fetch(running.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"jsonrpc":',
    });
    expect(broken.status).toBe(400);
  });
});
