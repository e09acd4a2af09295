import 'reflect-metadata';
import { Ctx, Elicitor, Module, Tool, Tools } from 'elicitor';
import type { Context } from 'elicitor';
import { testKeyring } from 'elicitor/testing';
import { connectHttp, officialClient } from '../support/official-client.js';
import type { Era } from '../support/official-client.js';
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
