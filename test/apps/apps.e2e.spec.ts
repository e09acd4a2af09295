import 'reflect-metadata';
import type { Client } from '@modelcontextprotocol/client';
import { MCP_APP_MIME_TYPE, UI_EXTENSION } from 'elicitor';
import type { ElicitorApp } from 'elicitor';
import { AppsModule } from '../fixtures/apps-app/src/apps.module.js';
import { connectHttp, officialClient } from '../support/official-client.js';
import type { ClientSetup, ElicitationHandler } from '../support/official-client.js';
import { startHttpModuleApp, textOf } from '../support/transports.js';

const quiet = { info() {}, warn() {}, error() {} };

/** A host that renders MCP Apps and lets them answer questions: all three client-side conditions. */
const APP_HOST = {
  elicitation: { form: {} },
  extensions: { [UI_EXTENSION]: { mimeTypes: [MCP_APP_MIME_TYPE], elicitation: {} } },
};

/** Each client-side condition missing in turn (the client's form support is covered by the unit spec). */
const ONE_CONDITION_MISSING: Array<[string, Record<string, unknown>]> = [
  ['no UI extension', { elicitation: { form: {} } }],
  [
    'no MCP App MIME type',
    {
      elicitation: { form: {} },
      extensions: { [UI_EXTENSION]: { mimeTypes: ['text/html'], elicitation: {} } },
    },
  ],
  [
    'no elicitation in the UI extension',
    { elicitation: { form: {} }, extensions: { [UI_EXTENSION]: { mimeTypes: [MCP_APP_MIME_TYPE] } } },
  ],
];

interface Asked {
  message: string;
  app: unknown;
}

async function connect(
  url: string,
  era: ClientSetup['era'],
  capabilities: Record<string, unknown>,
  answer: (asked: Asked, index: number) => Record<string, unknown>,
  legacyVersion?: ClientSetup['legacyVersion'],
): Promise<{ client: Client; asked: Asked[] }> {
  const asked: Asked[] = [];
  const onElicit: ElicitationHandler = (params) => {
    const meta = params._meta as { ui?: { resourceUri?: unknown } } | undefined;
    const question = { message: String(params.message), app: meta?.ui?.resourceUri };
    asked.push(question);
    return answer(question, asked.length - 1);
  };
  const client = await connectHttp(
    officialClient({ era, capabilities, onElicit, ...(legacyVersion ? { legacyVersion } : {}) }),
    url,
  );
  return { client, asked };
}

describe.each(['modern', 'legacy'] as const)('MCP Apps on the %s wire (official client)', (era) => {
  let app: ElicitorApp;
  let url: string;
  let plainApp: ElicitorApp;
  let plainUrl: string;

  beforeAll(async () => {
    ({ app, url } = await startHttpModuleApp(AppsModule, { name: 'seats', version: '1.0.0', logger: quiet }));
    ({ app: plainApp, url: plainUrl } = await startHttpModuleApp(AppsModule, {
      name: 'seats',
      version: '1.0.0',
      logger: quiet,
      appQuestions: false,
    }));
  });
  afterAll(async () => {
    await app.close();
    await plainApp.close();
  });

  it('declares the UI extension with app-rendered questions, and without them when turned off', async () => {
    const { client } = await connect(url, era, APP_HOST, () => ({ action: 'decline' }));
    expect(client.getServerCapabilities()?.extensions?.[UI_EXTENSION]).toStrictEqual({ elicitation: {} });
    await client.close();
    const plain = await connect(plainUrl, era, APP_HOST, () => ({ action: 'decline' }));
    expect(plain.client.getServerCapabilities()?.extensions?.[UI_EXTENSION]).toStrictEqual({});
    await plain.client.close();
  });

  it('with all four conditions, the question names its app, which reads back, and its answer completes the call', async () => {
    const { client, asked } = await connect(url, era, APP_HOST, () => ({
      action: 'accept',
      content: { seat: '2B' },
    }));
    const result = await client.callTool({ name: 'pick_seat', arguments: {} });
    expect(textOf(result)).toBe('Seat 2B');
    expect(asked).toStrictEqual([{ message: 'Pick a seat', app: 'ui://seats/picker' }]);
    const read = await client.readResource({ uri: 'ui://seats/picker' });
    const [content] = read.contents as Array<Record<string, unknown>>;
    expect(content!.mimeType).toBe(MCP_APP_MIME_TYPE);
    expect(String(content!.text)).toContain('<main id="seats"');
    expect(content!._meta).toStrictEqual({
      ui: {
        csp: { resourceDomains: ['https://cdn.example.com'] },
        permissions: { clipboardWrite: {} },
        prefersBorder: true,
      },
    });
    await client.close();
  });

  it('withApp on the question itself names the app too', async () => {
    const { client, asked } = await connect(url, era, APP_HOST, () => ({
      action: 'accept',
      content: { meal: 'fish' },
    }));
    expect(textOf(await client.callTool({ name: 'pick_meal', arguments: {} }))).toBe('Meal fish');
    expect(asked.map((question) => question.app)).toStrictEqual(['ui://seats/picker']);
    await client.close();
  });

  it('asks an invalid app answer again, still with its app, and validates it like a native one', async () => {
    const { client, asked } = await connect(url, era, APP_HOST, (_question, index) => ({
      action: 'accept',
      content: { seat: index === 0 ? '9Z' : '1A' },
    }));
    expect(textOf(await client.callTool({ name: 'pick_seat', arguments: {} }))).toBe('Seat 1A');
    expect(asked).toHaveLength(2);
    expect(asked[1]!.message).toContain('Your previous answer was not accepted');
    expect(asked.map((question) => question.app)).toStrictEqual(['ui://seats/picker', 'ui://seats/picker']);
    await client.close();
  });

  it.each(ONE_CONDITION_MISSING)(
    'with %s, the question has no _meta.ui and the native form completes',
    async (_, capabilities) => {
      const { client, asked } = await connect(url, era, capabilities, () => ({
        action: 'accept',
        content: { seat: '1B' },
      }));
      expect(textOf(await client.callTool({ name: 'pick_seat', arguments: {} }))).toBe('Seat 1B');
      expect(asked).toStrictEqual([{ message: 'Pick a seat', app: undefined }]);
      await client.close();
    },
  );

  it('with the server not declaring app-rendered questions, the native form completes', async () => {
    const { client, asked } = await connect(plainUrl, era, APP_HOST, () => ({
      action: 'accept',
      content: { seat: '1B' },
    }));
    expect(textOf(await client.callTool({ name: 'pick_seat', arguments: {} }))).toBe('Seat 1B');
    expect(asked).toStrictEqual([{ message: 'Pick a seat', app: undefined }]);
    await client.close();
  });

  it('lists UI tools with _meta.ui, app-only ones with visibility, and only the listed UI resources', async () => {
    const { client } = await connect(url, era, APP_HOST, () => ({ action: 'decline' }));
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(byName.get('show_booking')!._meta).toStrictEqual({ ui: { resourceUri: 'ui://seats/booking' } });
    expect(byName.get('refresh_booking')!._meta).toStrictEqual({
      ui: { resourceUri: 'ui://seats/booking', visibility: ['app'] },
    });
    expect(byName.get('pick_seat')!._meta).toBeUndefined();
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).toStrictEqual(['ui://seats/picker']);
    expect(resources[0]).toMatchObject({ name: 'Seat picker', mimeType: MCP_APP_MIME_TYPE });
    const unlisted = await client.readResource({ uri: 'ui://seats/booking' });
    expect(unlisted.contents[0]).toMatchObject({ uri: 'ui://seats/booking', mimeType: MCP_APP_MIME_TYPE });
    const result = await client.callTool({ name: 'show_booking', arguments: { flight: 'EL42' } });
    expect(textOf(result)).toBe('Booking for flight EL42');
    expect(result.structuredContent).toStrictEqual({ flight: 'EL42', seat: '1A' });
    await client.close();
  });
});

describe('MCP Apps on a 2025-06-18 session (official client)', () => {
  let app: ElicitorApp;
  let url: string;
  beforeAll(async () => {
    ({ app, url } = await startHttpModuleApp(AppsModule, { name: 'seats', version: '1.0.0', logger: quiet }));
  });
  afterAll(() => app.close());

  it('declares no extension and always asks the native form', async () => {
    const { client, asked } = await connect(
      url,
      'legacy',
      APP_HOST,
      () => ({ action: 'accept', content: { seat: '2A' } }),
      '2025-06-18',
    );
    expect(client.getServerCapabilities()?.extensions).toBeUndefined();
    expect(textOf(await client.callTool({ name: 'pick_seat', arguments: {} }))).toBe('Seat 2A');
    expect(asked).toStrictEqual([{ message: 'Pick a seat', app: undefined }]);
    await client.close();
  });
});
