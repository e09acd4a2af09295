import 'reflect-metadata';
import {
  Context,
  Ctx,
  Elicitor,
  ElicitRequestParams,
  Tool,
  Tools,
  UrlElicitationRequiredError,
} from 'elicitor';
import type { ElicitorApp } from 'elicitor';
import type { Client } from '@modelcontextprotocol/client';
import { connectHttp, officialClient } from '../support/official-client.js';
import { textOf } from '../support/transports.js';

@Tools()
class PaymentTools {
  @Tool({ description: 'Needs the account linked on a web page first' })
  linkAccount(): string {
    throw new UrlElicitationRequiredError([
      { url: 'https://pay.example.com/link', message: 'Link your account', elicitationId: 'link-1' },
    ]);
  }

  @Tool({ description: 'The same for another account' })
  linkOtherAccount(): string {
    throw new UrlElicitationRequiredError([
      { url: 'https://pay.example.com/link', message: 'Link your account', elicitationId: 'link-2' },
    ]);
  }

  @Tool({ description: 'Sends the user to a payment page and returns; the webhook finishes later' })
  async startPayment(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit('pay', ElicitRequestParams.url('https://pay.example.com/p/7', 'Pay 7 €'));
    return answer.elicitationId ?? 'no id';
  }
}

const quietLogger = { info: () => {}, warn: () => {}, error: () => {} };

async function waitFor(predicate: () => boolean): Promise<void> {
  for (let tries = 0; tries < 100 && !predicate(); tries++) await new Promise((r) => setTimeout(r, 10));
}

describe('app.completeElicitation: legacy URL mode after the call ended (2025-11-25, HTTP)', () => {
  let app: ElicitorApp;
  let url: string;
  let client: Client;
  const completed: string[] = [];

  beforeAll(async () => {
    app = await Elicitor.create({
      name: 'payments',
      version: '1.0.0',
      tools: [PaymentTools],
      requestState: { keys: ['url-completion-test-key-0123456789'] },
      logger: quietLogger,
    });
    url = (await app.listen({ http: { port: 0 } })).url!;
    client = officialClient({ era: 'legacy', onElicit: () => ({ action: 'accept' }) });
    client.setNotificationHandler('notifications/elicitation/complete', (notification) => {
      completed.push(String(notification.params.elicitationId));
    });
    await connectHttp(client, url);
  });
  afterAll(async () => {
    await client.close();
    await app.close();
  });
  beforeEach(() => {
    completed.length = 0;
  });

  it('tells the client that got a -32042 that its step is done, once', async () => {
    await expect(client.callTool({ name: 'link_account', arguments: {} })).rejects.toMatchObject({
      code: -32042,
    });
    expect(await app.completeElicitation('link-1')).toBe(true);
    await waitFor(() => completed.length > 0);
    expect(completed).toStrictEqual(['link-1']);
    expect(await app.completeElicitation('link-1')).toBe(false);
  });

  it('does the same for an elicitation/create the handler sent, after the call returned', async () => {
    const result = await client.callTool({ name: 'start_payment', arguments: {} });
    const elicitationId = textOf(result);
    expect(elicitationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await app.completeElicitation(elicitationId)).toBe(true);
    await waitFor(() => completed.length > 0);
    expect(completed).toStrictEqual([elicitationId]);
  });

  it('knows no id it never sent', async () => {
    expect(await app.completeElicitation('never-sent')).toBe(false);
    expect(completed).toStrictEqual([]);
  });

  it('cannot notify a client that did not declare URL mode, so it does not remember one', async () => {
    const formOnly = officialClient({ era: 'legacy', capabilities: { elicitation: { form: {} } } });
    await connectHttp(formOnly, url);
    await expect(formOnly.callTool({ name: 'link_other_account', arguments: {} })).rejects.toBeDefined();
    await formOnly.close();
    expect(await app.completeElicitation('link-2')).toBe(false);
  });
});
