import { TestClient, accept, decline } from 'elicitor/testing';
import { ShopModule } from '../elicitation/shop.module.js';
import { Payments, Quotes } from '../elicitation/shop.services.js';

export function orderSuite(): void {
  describe('place_order', () => {
    let client: TestClient;

    beforeEach(async () => {
      // The app's root module runs in memory, on the 2026-07-28 wire, with a fixed test keyring.
      client = await TestClient.create(ShopModule);
    });
    afterEach(() => client.close());

    const args = { item: 'gadget', quantity: 2 };
    const ada = { name: 'Ada Lovelace', email: 'ada@example.com' };

    it('asks two questions over three rounds, then charges once', async () => {
      const run = await client.callTool('place_order', args, {
        answers: { delivery: accept(ada), confirm: accept({ confirm: true }) },
      });

      expect(run.rounds.map((round) => round.inputRequests.map((request) => request.key))).toEqual([
        ['delivery'],
        ['confirm'],
        [],
      ]);
      expect(run.text).toBe('Order ch_1 placed: 2 × gadget for Ada Lovelace.');
      expect(client.app!.get(Quotes).computed).toBe(1); // memo: once for all three rounds
      expect(client.app!.get(Payments).charges).toBe(1);
    });

    it('charges nothing when the user declines', async () => {
      const run = await client.callTool('place_order', args, {
        answers: { delivery: accept(ada), confirm: decline() },
      });
      expect(run.text).toBe('Order not placed.');
      expect(client.app!.get(Payments).charges).toBe(0);
    });

    it('asks again, saying why, when an answer breaks the rules', async () => {
      const run = await client.callTool('place_order', args, {
        answers: {
          // A list is used in order when the same key is asked again.
          delivery: [accept({ ...ada, email: 'not-an-email' }), accept(ada)],
          // A function sees the question, e.g. to answer from its message.
          confirm: (request) => accept({ confirm: String(request.params.message).includes('$67') }),
        },
      });
      expect(run.rounds[1]!.inputRequests[0]!.params.message).toMatch(
        /Your previous answer was not accepted/,
      );
      expect(run.text).toBe('Order ch_1 placed: 2 × gadget for Ada Lovelace.');
    });

    it('shows each round as it went over the wire', async () => {
      const run = await client.callTool('place_order', args, { answers: { delivery: decline() } });
      expect(run.rounds).toEqual([
        {
          round: 1,
          resultType: 'input_required',
          inputRequests: [expect.objectContaining({ key: 'delivery', method: 'elicitation/create' })],
          responses: { delivery: { action: 'decline' } },
          requestStateBytes: expect.any(Number),
        },
        { round: 2, resultType: 'complete', inputRequests: [], responses: {}, requestStateBytes: 0 },
      ]);
    });

    it('refuses a client without elicitation with -32021', async () => {
      const run = await client.callTool('place_order', args, { capabilities: {} });
      expect(run.error).toEqual({
        code: -32021,
        message: 'Server requires the elicitation capability for this request',
        data: { requiredCapabilities: { elicitation: { form: {} } } },
      });
      expect(run.status).toBe(400);
    });
  });
}
