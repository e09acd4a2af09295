import 'reflect-metadata';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { ElicitorApp, LegacySessionOptions } from 'elicitor';
import { Elicitor } from 'elicitor';
import { coreModule } from '../fixtures/core-app/src/core.module.js';
import { connectHttp, officialClient } from '../support/official-client.js';
import { textOf } from '../support/transports.js';

const IDLE_MS = 400;
const BOUNDS: LegacySessionOptions = { maxSessions: 2, idleTimeoutMs: IDLE_MS };

/** One way to serve the app, returning its URL and how to stop what the app itself does not close. */
interface Serving {
  name: string;
  start(app: ElicitorApp): Promise<{ url: string; stop(): Promise<void> }>;
}

const SERVINGS: Serving[] = [
  {
    name: 'listen()',
    start: async (app) => {
      const { url } = await app.listen({ http: { port: 0, legacySessions: BOUNDS } });
      return { url: url!, stop: async () => {} };
    },
  },
  {
    name: 'app.fetchHandler() (the handler behind app.fetch) on @hono/node-server',
    start: async (app) => {
      const server = serve({
        fetch: app.fetchHandler({ legacySessions: BOUNDS }),
        port: 0,
        hostname: '127.0.0.1',
      }) as Server;
      await new Promise<void>((resolve) => server.once('listening', resolve));
      return {
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`,
        stop: async () => {
          server.closeAllConnections();
          await new Promise((resolve) => server.close(resolve));
        },
      };
    },
  },
];

/**
 * Bounded 2025-era sessions, seen by the official client on 2025-11-25: the cap refuses the excess with
 * a clear error, an abandoned session expires (its id then gets 404 "Session not found"), and a new
 * `initialize` works. Stateless 2026-07-28 requests are not sessions and stay unaffected by the cap.
 */
describe.each(SERVINGS)('legacy session limits over HTTP, served by $name', (serving) => {
  let app: ElicitorApp;
  let url: string;
  let stop: () => Promise<void>;
  const warnings: string[] = [];

  beforeAll(async () => {
    app = await Elicitor.create({
      ...coreModule,
      logger: { info() {}, warn: (line: string) => warnings.push(line), error() {} },
    });
    ({ url, stop } = await serving.start(app));
  });

  afterAll(async () => {
    await app.close();
    await stop();
  });

  it('refuses a session past the cap, serves the modern wire meanwhile, and takes new sessions once abandoned ones expire', async () => {
    const first = await connectHttp(officialClient({ era: 'legacy' }), url);
    const second = await connectHttp(officialClient({ era: 'legacy' }), url);
    expect(first.getNegotiatedProtocolVersion()).toBe('2025-11-25');

    const refused = await connectHttp(officialClient({ era: 'legacy' }), url).then(
      () => undefined,
      (error: Error & { data?: { status?: number } }) => error,
    );
    expect(refused?.data?.status).toBe(503);
    expect(refused?.message).toMatch(
      /"code":-32000,"message":"Server busy: 2 sessions are open; retry later"/,
    );
    expect(warnings.filter((line) => line.includes('legacy session cap reached (2 open)'))).toHaveLength(1);

    const modern = await connectHttp(officialClient({ era: 'modern' }), url);
    expect(modern.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect(textOf(await modern.callTool({ name: 'echo', arguments: { text: 'still here' } }))).toBe(
      'echo: still here',
    );
    await modern.close();

    // Both clients vanish without a DELETE: their streams close, and the sessions idle out.
    const abandonedId = (first.transport as StreamableHTTPClientTransport).sessionId!;
    await first.close();
    await second.close();
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS * 3));

    const stale = new Client({ name: 'stale', version: '1.0.0' });
    await stale.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        sessionId: abandonedId,
        protocolVersion: '2025-11-25',
      }),
    );
    const expired = await stale.ping().then(
      () => undefined,
      (error: Error & { data?: { status?: number } }) => error,
    );
    expect(expired?.data?.status).toBe(404);
    expect(expired?.message).toMatch(/"code":-32001,"message":"Session not found"/);
    await stale.close();

    const fresh = await connectHttp(officialClient({ era: 'legacy' }), url);
    expect(textOf(await fresh.callTool({ name: 'echo', arguments: { text: 'again' } }))).toBe('echo: again');
    await fresh.close();
  });
});
