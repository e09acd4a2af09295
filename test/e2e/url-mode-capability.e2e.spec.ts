import type { Client } from '@modelcontextprotocol/client';
import { Ctx, ElicitRequestParams, Tool, Tools } from 'elicitor';
import type { Context, ElicitorApp } from 'elicitor';
import { connectHttp, officialClient } from '../support/official-client.js';
import type { ClientSetup } from '../support/official-client.js';
import { startHttpApp, textOf } from '../support/transports.js';

/** A tool that asks a URL question without checking the client first, to show the refusals. */
@Tools()
class Checkout {
  @Tool({ description: 'Sends the user to a payment page, whatever the client can do' })
  async pay(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit(
      'payment',
      ElicitRequestParams.url('https://pay.example.com/x', 'Pay here'),
    );
    return `payment ${answer.action}`;
  }
}

const quietLogger = { info: () => {}, warn: () => {}, error: () => {} };

type Refusal = { code?: number; message?: string; data?: unknown };

describe('a URL question the client cannot take', () => {
  let app: ElicitorApp;
  let url: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    ({ app, url } = await startHttpApp({
      name: 'url-mode',
      version: '1.0.0',
      tools: [Checkout],
      logger: quietLogger,
    }));
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
    await app.close();
  });

  const refusalFor = async (setup: ClientSetup): Promise<Refusal | undefined> => {
    const client = await connectHttp(
      officialClient({ ...setup, onElicit: () => ({ action: 'accept' }) }),
      url,
    );
    clients.push(client);
    return client.callTool({ name: 'pay', arguments: {} }).then(
      () => undefined,
      (error: Refusal) => error,
    );
  };

  it('is refused with -32021 naming url mode, for a form-only 2026-07-28 client', async () => {
    const refusal = await refusalFor({ era: 'modern', capabilities: { elicitation: { form: {} } } });
    expect(refusal?.code).toBe(-32021);
    expect(refusal?.data).toStrictEqual({ requiredCapabilities: { elicitation: { url: {} } } });
  });

  it('is refused with a clear -32021 for a 2025-06-18 client, even one that declares url', async () => {
    const refusal = await refusalFor({
      era: 'legacy',
      legacyVersion: '2025-06-18',
      capabilities: { elicitation: { form: {}, url: {} } },
    });
    expect(refusal?.code).toBe(-32021);
    expect(refusal?.message).toMatch(
      /URL-mode elicitation needs protocol 2025-11-25; this client negotiated 2025-06-18, which has form mode only/,
    );
  });

  it('is asked of a 2025-11-25 client that declares url', async () => {
    const client = await connectHttp(
      officialClient({ era: 'legacy', onElicit: () => ({ action: 'accept' }) }),
      url,
    );
    clients.push(client);
    expect(textOf(await client.callTool({ name: 'pay', arguments: {} }))).toBe('payment accept');
  });
});
