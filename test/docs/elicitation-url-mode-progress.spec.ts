import 'reflect-metadata';
import { TestClient, decline } from 'elicitor/testing';
import { AddressBook } from '../../docs/snippets/elicitation/address-book.service.js';
import { CalendarConnections } from '../../docs/snippets/elicitation/calendar-connections.service.js';
import { CalendarTools } from '../../docs/snippets/elicitation/calendar.tools.js';
import { ImportTools } from '../../docs/snippets/elicitation/import.tools.js';
import { onInvoicePaid } from '../../docs/snippets/elicitation/invoice-paid.webhook.js';
import { InvoiceTools } from '../../docs/snippets/elicitation/invoice.tools.js';
import { Invoices } from '../../docs/snippets/elicitation/invoices.service.js';
import { connectHttp, officialClient } from '../support/official-client.js';
import { startHttpApp, textOf } from '../support/transports.js';

/** The Elicitation guide's URL mode and progress sections, run as the guide shows them. */
const quiet = { info() {}, warn() {}, error() {} };

describe('Elicitation guide: URL mode', () => {
  it('asks with a URL question, the same in every round, and reports the action', async () => {
    const client = await TestClient.create({ tools: [InvoiceTools], providers: [Invoices] });
    const run = await client.callTool(
      'pay_invoice',
      { amount: 30 },
      { answers: { 'payment-page': { action: 'accept' } } },
    );
    const asked = run.rounds[0]!.inputRequests[0]!.params;
    expect(asked).toStrictEqual({ mode: 'url', url: expect.any(String), message: 'Pay $30' });
    const invoiceId = /^https:\/\/pay\.example\.com\/invoice\/([\w-]+)\?amount=30$/.exec(
      String(asked.url),
    )![1];
    expect(run.text).toBe(`Payment page opened for invoice ${invoiceId}.`);
    // No elicitationId on 2026-07-28: nothing waits for a completion.
    expect(client.app!.get(Invoices).paid(invoiceId!)).toBeUndefined();
    const refused = await client.callTool(
      'pay_invoice',
      { amount: 30 },
      { answers: { 'payment-page': decline() } },
    );
    expect(refused.text).toBe('Not paid (decline).');
    await client.close();
  });

  it('on 2025-11-25, completes the question when the webhook hears the invoice is paid', async () => {
    const { app, url } = await startHttpApp({
      name: 'invoices',
      version: '1.0.0',
      tools: [InvoiceTools],
      providers: [Invoices],
      logger: quiet,
    });
    const pushed: string[] = [];
    const completed: string[] = [];
    const client = officialClient({
      era: 'legacy',
      onElicit: (params) => {
        pushed.push(String(params.elicitationId));
        return { action: 'accept' };
      },
    });
    client.setNotificationHandler('notifications/elicitation/complete', (notification) => {
      completed.push(String(notification.params.elicitationId));
    });
    await connectHttp(client, url);
    try {
      const text = textOf(await client.callTool({ name: 'pay_invoice', arguments: { amount: 30 } }));
      const invoiceId = /^Payment page opened for invoice ([\w-]+)\.$/.exec(text)![1]!;
      expect(completed).toStrictEqual([]);

      expect(await onInvoicePaid(app, invoiceId)).toBe(true);
      for (let tries = 0; tries < 100 && completed.length === 0; tries++)
        await new Promise((r) => setTimeout(r, 10));
      expect(pushed).toHaveLength(1);
      expect(completed).toStrictEqual(pushed);
      expect(await onInvoicePaid(app, invoiceId)).toBe(false);
    } finally {
      await client.close();
      await app.close();
    }
  });

  it('turns UrlElicitationRequiredError into a URL question on 2026-07-28', async () => {
    const client = await TestClient.create({ tools: [CalendarTools], providers: [CalendarConnections] });
    const connections = client.app!.get(CalendarConnections);
    const run = await client.callTool(
      'list_events',
      {},
      {
        answers: {
          // The user connects on the page (the OAuth callback marks them), then the client retries.
          'connect-calendar': () => {
            connections.markConnected('anonymous');
            return { action: 'accept' };
          },
        },
      },
    );
    expect(run.rounds[0]!.inputRequests).toStrictEqual([
      {
        key: 'connect-calendar',
        method: 'elicitation/create',
        params: {
          mode: 'url',
          url: 'https://example.com/connect/calendar',
          message: 'Connect your calendar',
        },
        round: 1,
      },
    ]);
    expect(run.text).toBe('Events of anonymous: stand-up at 9:30');
    await client.close();
  });

  it('turns UrlElicitationRequiredError into -32042 on 2025-11-25', async () => {
    const { app, url } = await startHttpApp({
      tools: [CalendarTools],
      providers: [CalendarConnections],
      name: 'cal',
      version: '1',
      logger: quiet,
    });
    const client = await connectHttp(officialClient({ era: 'legacy' }), url);
    try {
      const failure = await client.callTool({ name: 'list_events', arguments: {} }).then(
        () => undefined,
        (error: { code?: number; data?: { elicitations?: Array<Record<string, unknown>> } }) => error,
      );
      expect(failure?.code).toBe(-32042);
      expect(failure?.data?.elicitations).toStrictEqual([
        {
          mode: 'url',
          url: 'https://example.com/connect/calendar',
          message: 'Connect your calendar',
          elicitationId: expect.any(String),
        },
      ]);
    } finally {
      await client.close();
      await app.close();
    }
  });
});

describe('Elicitation guide: progress', () => {
  it.each([
    ['2026-07-28', 'modern'],
    ['2025-11-25', 'legacy'],
  ] as const)('reports each batch to a client that asked for progress, on %s', async (_, era) => {
    const { app, url } = await startHttpApp({
      name: 'imports',
      version: '1.0.0',
      tools: [ImportTools],
      providers: [AddressBook],
      logger: quiet,
    });
    const client = officialClient({
      era,
      onElicit: () => ({ action: 'accept', content: { list: 'friends' } }),
    });
    await connectHttp(client, url);
    const updates: string[] = [];
    try {
      const result = await client.callTool(
        { name: 'import_contacts', arguments: {} },
        {
          // The official client adds notes of its own between 2026-07-28 rounds, without a total.
          onprogress: (update) =>
            update.total !== undefined &&
            updates.push(`${update.progress}/${update.total} ${update.message}`),
        },
      );
      expect(textOf(result)).toBe('Imported 4 batches into friends.');
      const batches = ['1/4 Imported a-f', '2/4 Imported g-m', '3/4 Imported n-s', '4/4 Imported t-z'];
      // The 2026-07-28 handler runs twice (the question, then the answer); a 2025 call runs once.
      expect(updates).toStrictEqual(
        era === 'modern'
          ? ['0/4 4 batches to import', '0/4 4 batches to import', ...batches]
          : ['0/4 4 batches to import', ...batches],
      );
      expect(app.get(AddressBook).imported).toHaveLength(4);
    } finally {
      await client.close();
      await app.close();
    }
  });
});
