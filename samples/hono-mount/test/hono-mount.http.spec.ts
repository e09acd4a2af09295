import 'reflect-metadata';
import { connectHttp, officialClient } from '../../../test/support/official-client.js';
import type { Era } from '../../../test/support/official-client.js';
import { textOf } from '../../../test/support/transports.js';
import { startServer } from '../src/server.js';
import type { RunningServer } from '../src/server.js';

const quiet = { info() {}, warn() {}, error() {} };
const VERSIONS: Record<Era, string> = { modern: '2026-07-28', legacy: '2025-11-25' };

/** Someone who wants to water the plants next week, noting each question. */
function gardener(asked: string[]) {
  return (params: Record<string, unknown>) => {
    asked.push(String(params.message));
    const properties = (params.requestedSchema as { properties: Record<string, unknown> }).properties;
    return 'text' in properties
      ? { action: 'accept', content: { text: 'Water the plants' } }
      : { action: 'accept', content: { when: 'next-week' } };
  };
}

describe.each(['modern', 'legacy'] as const)('hono-mount, official client on the %s wire', (era) => {
  let running: RunningServer;

  beforeEach(async () => {
    running = await startServer(0, { logger: quiet });
  });
  afterEach(() => running.close());

  it('adds a reminder in two questions, and the Hono route lists it', async () => {
    const asked: string[] = [];
    const client = await connectHttp(officialClient({ era, onElicit: gardener(asked) }), running.url);
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe(VERSIONS[era]);
      const result = await client.callTool({ name: 'add_reminder', arguments: {} });
      expect(textOf(result)).toBe('Reminder 1: "Water the plants" next-week.');
    } finally {
      await client.close();
    }
    expect(asked).toStrictEqual([
      'What should I remind you of?',
      'When should I remind you to "Water the plants"?',
    ]);
    const listed = await fetch(running.url.replace(/\/mcp$/, '/reminders'));
    expect(await listed.json()).toStrictEqual([{ id: 1, text: 'Water the plants', when: 'next-week' }]);
  });

  it('adds nothing when the person declines the first form', async () => {
    const client = await connectHttp(
      officialClient({ era, onElicit: () => ({ action: 'decline' }) }),
      running.url,
    );
    try {
      expect(textOf(await client.callTool({ name: 'add_reminder', arguments: {} }))).toBe(
        'No reminder added.',
      );
    } finally {
      await client.close();
    }
    expect(running.reminders.list()).toStrictEqual([]);
  });
});

describe('hono-mount: the Hono routes around /mcp', () => {
  let running: RunningServer;
  beforeAll(async () => {
    running = await startServer(0, { logger: quiet });
  });
  afterAll(() => running.close());

  it('serves its own route and its own 404', async () => {
    const listed = await fetch(running.url.replace(/\/mcp$/, '/reminders'));
    expect(listed.status).toBe(200);
    expect(await listed.json()).toStrictEqual([]);
    const missing = await fetch(running.url.replace(/\/mcp$/, '/nowhere'));
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('404 Not Found');
  });
});
