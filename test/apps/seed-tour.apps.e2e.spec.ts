import 'reflect-metadata';
import { MCP_APP_MIME_TYPE, UI_EXTENSION } from 'elicitor';
import type { ElicitorApp } from 'elicitor';
import { APPS_HOST_EXTENSION } from 'elicitor/testing';
import { SeedTourModule, seedTourOptions } from '../../samples/seed-tour/src/seed-tour.module.js';
import { connectHttp, officialClient } from '../support/official-client.js';
import { startHttpModuleApp, textOf } from '../support/transports.js';

const quiet = { info() {}, warn() {}, error() {} };
const APP_HOST = { elicitation: { form: {} }, extensions: { [UI_EXTENSION]: APPS_HOST_EXTENSION } };

/** The seed tour's MCP Apps: a seat question the seat map answers where the host can, and a UI tool. */
describe.each(['modern', 'legacy'] as const)('seed-tour MCP Apps on the %s wire', (era) => {
  let app: ElicitorApp;
  let url: string;
  beforeAll(async () => {
    ({ app, url } = await startHttpModuleApp(SeedTourModule, { ...seedTourOptions, logger: quiet }));
  });
  afterAll(() => app.close());

  it.each([
    ['a host that renders apps', APP_HOST, { resourceUri: 'ui://seed-tour/seat-map' }],
    ['any other client', { elicitation: { form: {} } }, undefined],
  ])('choose_seat: %s', async (_, capabilities, expectedUi) => {
    const seen: unknown[] = [];
    const client = await connectHttp(
      officialClient({
        era,
        capabilities,
        onElicit: (params) => {
          seen.push((params._meta as { ui?: unknown } | undefined)?.ui);
          return { action: 'accept', content: { seat: '2C' } };
        },
      }),
      url,
    );
    expect(textOf(await client.callTool({ name: 'choose_seat', arguments: { flight: 'EL42' } }))).toBe(
      'Seat 2C on EL42',
    );
    expect(seen).toStrictEqual([expectedUi]);
    await client.close();
  });

  it.each(['ui://seed-tour/seat-map', 'ui://seed-tour/boarding-pass'])(
    '%s reads back as a self-contained App SDK app: its script and styles inline, nothing loaded from elsewhere',
    async (uri) => {
      const client = await connectHttp(officialClient({ era, capabilities: APP_HOST }), url);
      const [content] = (await client.readResource({ uri })).contents;
      expect(content).toMatchObject({ uri, mimeType: MCP_APP_MIME_TYPE });
      const html = (content as { text: string }).text;
      const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, body]) => body!);
      expect(scripts).toHaveLength(1);
      // The bundled App SDK: the app speaks the host's `ui/initialize` handshake itself.
      expect(scripts[0]).toContain('ui/initialize');
      expect(html).toMatch(/<style>[\s\S]+<\/style>/);
      expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=|@import/);
      await client.close();
    },
  );

  it('show_boarding_pass names its app, which reads back as an MCP App', async () => {
    const client = await connectHttp(officialClient({ era, capabilities: APP_HOST }), url);
    const { tools } = await client.listTools();
    expect(tools.find((tool) => tool.name === 'show_boarding_pass')?._meta).toStrictEqual({
      ui: { resourceUri: 'ui://seed-tour/boarding-pass' },
    });
    const result = await client.callTool({ name: 'show_boarding_pass', arguments: { flight: 'EL42' } });
    expect(textOf(result)).toBe('Boarding pass: flight EL42, seat 1A');
    expect(result.structuredContent).toStrictEqual({ flight: 'EL42', seat: '1A' });
    const read = await client.readResource({ uri: 'ui://seed-tour/boarding-pass' });
    expect(read.contents[0]).toMatchObject({ mimeType: MCP_APP_MIME_TYPE });
    await client.close();
  });
});
