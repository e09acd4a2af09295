import 'reflect-metadata';
import type { Client } from '@modelcontextprotocol/client';
import { MCP_APP_MIME_TYPE, UI_EXTENSION } from 'elicitor';
import type { ElicitorApp } from 'elicitor';
import { APPS_HOST_EXTENSION } from 'elicitor/testing';
import { SeatsModule } from '../../docs/snippets/apps/seats.module.js';
import { seatsSuite } from '../../docs/snippets/apps/seats.suite.js';
import { askingSuite } from '../../docs/snippets/apps/asking.suite.js';
import { connectHttp, officialClient } from '../support/official-client.js';
import { startHttpModuleApp, textOf } from '../support/transports.js';

const quiet = { info() {}, warn() {}, error() {} };
const APP_HOST = { elicitation: { form: {} }, extensions: { [UI_EXTENSION]: APPS_HOST_EXTENSION } };

/** Every snippet of docs/apps.md, served over HTTP to the official client on both eras. */
describe.each(['modern', 'legacy'] as const)('Apps guide on the %s wire', (era) => {
  let app: ElicitorApp;
  let url: string;
  beforeAll(async () => {
    ({ app, url } = await startHttpModuleApp(SeatsModule, {
      name: 'seats',
      version: '1.0.0',
      logger: quiet,
    }));
  });
  afterAll(() => app.close());

  async function connect(capabilities: Record<string, unknown>, seen: unknown[]): Promise<Client> {
    const client = officialClient({
      era,
      capabilities,
      onElicit: (params) => {
        seen.push((params._meta as { ui?: unknown } | undefined)?.ui);
        return {
          action: 'accept',
          content: params.message === 'Your meal?' ? { meal: 'fish' } : { seat: '2C' },
        };
      },
    });
    return connectHttp(client, url);
  }

  it('asks with the seat map where the host renders apps, and the plain form elsewhere', async () => {
    const seen: unknown[] = [];
    const host = await connect(APP_HOST, seen);
    expect(host.getServerCapabilities()?.extensions?.[UI_EXTENSION]).toStrictEqual({ elicitation: {} });
    expect(textOf(await host.callTool({ name: 'choose_seat', arguments: { flight: 'EL42' } }))).toBe(
      'Seat 2C on EL42',
    );
    expect(textOf(await host.callTool({ name: 'choose_meal', arguments: {} }))).toBe(
      'Meal fish (asked by an app where allowed)',
    );
    await host.close();
    const plain = await connect({ elicitation: { form: {} } }, seen);
    expect(textOf(await plain.callTool({ name: 'choose_seat', arguments: { flight: 'EL42' } }))).toBe(
      'Seat 2C on EL42',
    );
    expect(textOf(await plain.callTool({ name: 'choose_meal', arguments: {} }))).toBe(
      'Meal fish (asked as a form where allowed)',
    );
    await plain.close();
    expect(seen).toStrictEqual([
      { resourceUri: 'ui://seats/map' },
      { resourceUri: 'ui://seats/map' },
      undefined,
      undefined,
    ]);
  });

  it('lists the tools with their apps and the listed UI resource, and reads both', async () => {
    const client = await connect(APP_HOST, []);
    const { tools } = await client.listTools();
    expect(tools.filter((tool) => tool._meta).map((tool) => [tool.name, tool._meta])).toStrictEqual([
      ['boarding_pass', { ui: { resourceUri: 'ui://seats/boarding-pass' } }],
      ['refresh_boarding_pass', { ui: { resourceUri: 'ui://seats/boarding-pass', visibility: ['app'] } }],
    ]);
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).toStrictEqual(['ui://seats/map']);
    const map = await client.readResource({ uri: 'ui://seats/map' });
    expect(map.contents[0]).toMatchObject({
      mimeType: MCP_APP_MIME_TYPE,
      _meta: { ui: { prefersBorder: true } },
    });
    const pass = await client.readResource({ uri: 'ui://seats/boarding-pass' });
    expect(pass.contents[0]!._meta).toStrictEqual({
      ui: { csp: { resourceDomains: ['https://cdn.example.com'] } },
    });
    const result = await client.callTool({ name: 'boarding_pass', arguments: { flight: 'EL42' } });
    expect(textOf(result)).toBe('Boarding pass for EL42, seat 1A');
    expect(result.structuredContent).toStrictEqual({ flight: 'EL42', seat: '1A' });
    await client.close();
  });
});

seatsSuite();
askingSuite();
