import { FakeClock, TestClient, testKeyring } from 'elicitor/testing';
import { ShopModule } from '../elicitation/shop.module.js';

export function expirySuite(): void {
  describe('an answer that comes back too late', () => {
    it('is refused once the requestState has expired', async () => {
      const clock = new FakeClock(); // time moves only when the test says so
      const warnings: string[] = [];
      const client = await TestClient.create(ShopModule, {
        clock,
        requestState: { keys: testKeyring(), ttlMs: 60_000 },
        logger: { info() {}, warn: (message) => warnings.push(message), error() {} },
      });
      const params = { name: 'place_order', arguments: { item: 'widget', quantity: 1 } };

      const first = await client.request('tools/call', params); // one raw round, no answers
      const { requestState } = first.body.result as { requestState: string };

      clock.advance(60_001);
      const late = await client.request('tools/call', {
        ...params,
        requestState,
        inputResponses: {
          delivery: { action: 'accept', content: { name: 'Ada', email: 'ada@example.com' } },
        },
      });

      expect(late.body.error).toEqual({
        code: -32602,
        message: 'Invalid or expired requestState',
        data: { reason: 'invalid_request_state' },
      });
      expect(warnings).toEqual(['requestState rejected: expired']); // the real reason is only logged
      await client.close();
    });
  });
}
