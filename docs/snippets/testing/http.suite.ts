import { Elicitor } from 'elicitor';
import type { ElicitorApp } from 'elicitor';
import { TestClient, accept, testKeyring } from 'elicitor/testing';
import { ShopModule, shopOptions } from '../elicitation/shop.module.js';

export function httpSuite(): void {
  describe('place_order over real HTTP', () => {
    let app: ElicitorApp;
    let client: TestClient;

    beforeAll(async () => {
      app = await Elicitor.create(ShopModule, { ...shopOptions, requestState: { keys: testKeyring() } });
      const { url } = await app.listen({ http: { port: 0 } }); // any free port
      client = TestClient.forUrl(url!);
    });
    afterAll(() => app.close());

    it('runs the same rounds through the HTTP transport', async () => {
      const run = await client.callTool(
        'place_order',
        { item: 'widget', quantity: 1 },
        {
          answers: {
            delivery: accept({ name: 'Ada', email: 'ada@example.com' }),
            confirm: accept({ confirm: true }),
          },
        },
      );
      expect(run.status).toBe(200);
      expect(run.rounds).toHaveLength(3);
      expect(run.text).toBe('Order ch_1 placed: 1 × widget for Ada.');
    });
  });
}
