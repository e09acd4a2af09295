import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { connectHttp, officialClient } from '../../../test/support/official-client.js';
import type { Era } from '../../../test/support/official-client.js';
import { textOf } from '../../../test/support/transports.js';
import { startServer } from '../src/server.js';
import type { RunningServer } from '../src/server.js';

const quiet = { info() {}, warn() {}, error() {} };
const VERSIONS: Record<Era, string> = { modern: '2026-07-28', legacy: '2025-11-25' };

/** A person who describes the problem, then confirms (or not), noting each question. */
function reporter(asked: string[], confirm: boolean) {
  return (params: Record<string, unknown>) => {
    asked.push(String(params.message));
    const properties = (params.requestedSchema as { properties: Record<string, unknown> }).properties;
    return 'confirm' in properties
      ? { action: 'accept', content: { confirm } }
      : { action: 'accept', content: { title: 'Printer on fire', severity: 'urgent' } };
  };
}

describe.each(['modern', 'legacy'] as const)('express-mount, official client on the %s wire', (era) => {
  let running: RunningServer;
  let base: string;

  beforeEach(async () => {
    running = await startServer(0, { logger: quiet });
    base = `http://127.0.0.1:${(running.server.address() as AddressInfo).port}`;
  });
  afterEach(() => running.close());

  it('opens a ticket in two questions, and the REST route lists it', async () => {
    const asked: string[] = [];
    const client = await connectHttp(officialClient({ era, onElicit: reporter(asked, true) }), `${base}/mcp`);
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe(VERSIONS[era]);
      const result = await client.callTool({ name: 'open_ticket', arguments: {} });
      expect(textOf(result)).toBe('Opened T-001: Printer on fire (urgent).');
    } finally {
      await client.close();
    }
    expect(asked).toStrictEqual(['What should the ticket say?', 'Open a urgent ticket "Printer on fire"?']);
    const listed = await fetch(`${base}/api/tickets`);
    expect(await listed.json()).toStrictEqual([
      { id: 'T-001', title: 'Printer on fire', severity: 'urgent', openedBy: 'mcp' },
    ]);
  });

  it('opens nothing when the confirmation is refused', async () => {
    const client = await connectHttp(officialClient({ era, onElicit: reporter([], false) }), `${base}/mcp`);
    try {
      expect(textOf(await client.callTool({ name: 'open_ticket', arguments: {} }))).toBe('No ticket opened.');
    } finally {
      await client.close();
    }
    expect(running.store.list()).toStrictEqual([]);
  });
});

describe('express-mount: the Express routes around /mcp', () => {
  let running: RunningServer;
  let base: string;

  beforeAll(async () => {
    running = await startServer(0, { logger: quiet });
    base = `http://127.0.0.1:${(running.server.address() as AddressInfo).port}`;
  });
  afterAll(() => running.close());

  it('still parses JSON for its own REST routes', async () => {
    const created = await fetch(`${base}/api/tickets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'VPN is slow', severity: 'low' }),
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toStrictEqual({
      id: 'T-001',
      title: 'VPN is slow',
      severity: 'low',
      openedBy: 'rest',
    });
    const refused = await fetch(`${base}/api/tickets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'no severity' }),
    });
    expect(refused.status).toBe(400);
  });

  it('leaves unknown paths to Express', async () => {
    const missing = await fetch(`${base}/nowhere`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^text\/html/);
  });
});
