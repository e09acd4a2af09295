import 'reflect-metadata';
import { Ctx, Elicitor, Module, Tool, Tools } from 'elicitor';
import type { Context } from 'elicitor';
import { testKeyring } from 'elicitor/testing';
import { connectHttp, officialClient } from '../support/official-client.js';
import type { Era } from '../support/official-client.js';
import { toolCallRequest } from '../docs/support/modern-http.js';
import { textOf } from '../support/transports.js';

const quietLogger = { info: () => {}, warn: () => {}, error: () => {} };

describe.each(['modern', 'legacy'] as const)('app.close() over HTTP, %s era', (era: Era) => {
  it('answers the call in flight after its slow commit, and refuses a call that arrives meanwhile', async () => {
    const committed: string[] = [];
    let commitStarted!: () => void;
    const started = new Promise<void>((resolve) => (commitStarted = resolve));
    @Tools()
    class Orders {
      @Tool({ description: 'Place an order whose receipt is slow to send' })
      place(@Ctx() ctx: Context): string {
        ctx.onCommit(async () => {
          commitStarted();
          await new Promise((resolve) => setTimeout(resolve, 150));
          committed.push('receipt sent');
        });
        return 'placed';
      }
    }
    @Module({ tools: [Orders] })
    class OrdersModule {}
    const app = await Elicitor.create(OrdersModule, {
      name: 'orders',
      version: '1.0.0',
      logger: quietLogger,
      requestState: { keys: testKeyring() },
    });
    const { url } = await app.listen({ http: { port: 0 } });
    const client = await connectHttp(officialClient({ era }), url!);
    const inFlight = client.callTool({ name: 'place', arguments: {} });
    await started;
    const closed = app.close();
    await expect(client.callTool({ name: 'place', arguments: {} })).rejects.toThrow(/shutting down/);
    expect(textOf(await inFlight)).toBe('placed');
    await closed;
    expect(committed).toStrictEqual(['receipt sent']);
    await client.close().catch(() => {});
  });
});

describe('a call refused while the app drains, on the 2026-07-28 wire', () => {
  it('is a 503 that tells the client when to retry', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const started = new Promise<void>((resolve) => (holding = resolve));
    @Tools()
    class Slow {
      @Tool({ description: 'Hold the drain open until the test lets go' })
      async hold(): Promise<string> {
        holding();
        await held;
        return 'done';
      }
    }
    const app = await Elicitor.create({
      name: 'slow',
      version: '1.0.0',
      tools: [Slow],
      logger: quietLogger,
      requestState: { keys: testKeyring() },
    });
    const { url } = await app.listen({ http: { port: 0 } });
    const client = await connectHttp(officialClient({ era: 'modern' }), url!);
    const inFlight = client.callTool({ name: 'hold', arguments: {} });
    await started;
    const closed = app.close();
    const refused = await fetch(toolCallRequest(url!, { name: 'hold', arguments: {} }));
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/shutting down/);
    release();
    expect(textOf(await inFlight)).toBe('done');
    await closed;
    await client.close().catch(() => {});
  });
});
