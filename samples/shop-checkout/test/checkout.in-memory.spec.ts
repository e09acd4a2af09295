import 'reflect-metadata';
import { TestClient, accept, decline } from 'elicitor/testing';
import type { InputRequestView } from 'elicitor/testing';
import { AuditLog } from '../src/audit/audit-log.service.js';
import { CartPricing } from '../src/cart/cart-pricing.service.js';
import { ReceiptMailer } from '../src/mail/receipt-mailer.service.js';
import { ShopHours } from '../src/catalog/shop-hours.service.js';
import { PaymentDeclinedFilter } from '../src/payment/payment-declined.filter.js';
import { PaymentGateway, PaymentNotCompletedError } from '../src/payment/payment-gateway.service.js';
import { ShopCheckoutModule, shopCheckoutOptions } from '../src/shop-checkout.module.js';
import { ADA, shopper } from './shopper.js';
import type { PageBehaviour } from './shopper.js';

const quiet = { info() {}, warn() {}, error() {} };
const CART = {
  items: [
    { sku: 'mug', quantity: 2 },
    { sku: 'poster', quantity: 1 },
  ],
};

describe('shop-checkout in memory (TestClient, 2026-07-28)', () => {
  let client: TestClient;
  let gateway: PaymentGateway;
  const counts = () => ({
    quotes: client.app!.get(CartPricing).quotesComputed,
    charges: gateway.captures,
    receipts: client.app!.get(ReceiptMailer).sent.length,
  });
  const audit = () => client.app!.get(AuditLog).forTool('checkout');
  const answers = (onPage: PageBehaviour = 'paid') => {
    const answer = shopper(gateway, onPage);
    const byParams = (request: InputRequestView) => answer(request.params);
    return { shipping: byParams, payment: byParams };
  };

  beforeEach(async () => {
    client = await TestClient.create(ShopCheckoutModule, { ...shopCheckoutOptions, logger: quiet });
    gateway = client.app!.get(PaymentGateway);
  });
  afterEach(() => client.close());

  it('lists the products', async () => {
    const run = await client.callTool('list_products');
    expect(run.text).toBe(
      'mug: Enamel mug, $12.00\ntee: Organic T-shirt, $25.00\nposter: Risograph poster, $18.00',
    );
  });

  it('checks out in three rounds: quote once, charge once, one receipt', async () => {
    const run = await client.callTool('checkout', CART, { answers: answers() });

    expect(run.rounds.map((round) => round.inputRequests.map((request) => request.key))).toStrictEqual([
      ['shipping'],
      ['payment'],
      [],
    ]);
    expect(run.text).toBe(
      'Order ch_0001 confirmed: $47.00 charged, shipping to Ada Lovelace in London. A receipt is on its way to ada@example.com.',
    );
    expect(counts()).toStrictEqual({ quotes: 1, charges: 1, receipts: 1 });
    expect(client.app!.get(ReceiptMailer).sent).toStrictEqual([
      { to: ADA.email, chargeId: 'ch_0001', totalCents: 4_700 },
    ]);
  });

  it('asks for the address with the form built from ShippingForm', async () => {
    const run = await client.callTool('checkout', CART, { answers: answers() });
    expect(run.rounds[0]!.inputRequests[0]!.params).toStrictEqual({
      mode: 'form',
      message: 'Your total is $47.00. Where should we ship it?',
      requestedSchema: {
        type: 'object',
        properties: {
          name: { type: 'string', title: 'Full name', minLength: 1, maxLength: 80 },
          email: { type: 'string', title: 'Email for the receipt', format: 'email' },
          street: { type: 'string', title: 'Street and number', minLength: 3, maxLength: 120 },
          city: { type: 'string', title: 'City', minLength: 1, maxLength: 60 },
          country: {
            type: 'string',
            title: 'Country',
            oneOf: [
              { const: 'us', title: 'United States' },
              { const: 'ca', title: 'Canada' },
              { const: 'gb', title: 'United Kingdom' },
            ],
            default: 'us',
          },
          giftWrap: { type: 'boolean', title: 'Gift wrap', default: false },
        },
        required: ['name', 'email', 'street', 'city'],
      },
    });
  });

  it('sends the shopper to the payment page in URL mode', async () => {
    const run = await client.callTool('checkout', CART, { answers: answers() });
    expect(run.rounds[1]!.inputRequests[0]!.params).toStrictEqual({
      mode: 'url',
      url: 'https://pay.example.com/session/ps_0001',
      message: 'Pay $47.00 on the secure payment page',
    });
  });

  it('audits every round: two rounds that asked, then the success', async () => {
    await client.callTool('checkout', CART, { answers: answers() });
    expect(audit()).toStrictEqual([
      { tool: 'checkout', era: 'modern', outcome: 'input_required', durationMs: expect.any(Number) },
      { tool: 'checkout', era: 'modern', outcome: 'input_required', durationMs: expect.any(Number) },
      { tool: 'checkout', era: 'modern', outcome: 'success', durationMs: expect.any(Number) },
    ]);
    expect(audit().every((entry) => entry.durationMs >= 0)).toBe(true);
  });

  it('mails no receipt and charges nothing when the card is declined on the payment page', async () => {
    const run = await client.callTool('checkout', CART, { answers: answers('declined') });
    expect(run.result?.isError).toBe(true);
    expect(run.text).toBe('Your card was declined on the payment page. Nothing was charged.');
    expect(counts()).toStrictEqual({ quotes: 1, charges: 0, receipts: 0 });
    expect(audit().at(-1)).toStrictEqual({
      tool: 'checkout',
      era: 'modern',
      outcome: 'error',
      durationMs: expect.any(Number),
      detail: 'Payment session ps_0001 is declined',
    });
  });

  it('answers a payment page that was never completed through the filter, not as an internal error', () => {
    expect(new PaymentDeclinedFilter().catch(new PaymentNotCompletedError('ps_0009', 'open'))).toStrictEqual({
      content: [
        { type: 'text', text: 'The payment page has not confirmed your payment. Nothing was charged.' },
      ],
      isError: true,
    });
  });

  it('refuses every checkout tool while the shop is closed, before any question or charge', async () => {
    client.app!.get(ShopHours).close('stocktake');

    const refused = await client.callTool('checkout', CART, { answers: answers() });
    expect(refused.result?.isError).toBe(true);
    expect(refused.text).toBe(
      'The shop is closed (stocktake), so checkout is not available. Nothing was charged.',
    );
    expect(refused.rounds).toHaveLength(1);
    expect((await client.callTool('list_products')).result?.isError).toBe(true);
    expect(counts()).toStrictEqual({ quotes: 0, charges: 0, receipts: 0 });

    client.app!.get(ShopHours).open();
    expect((await client.callTool('checkout', CART, { answers: answers() })).result?.isError).toBeFalsy();
  });

  it('stops a checkout whose shop closed between two rounds, before the charge', async () => {
    const hours = client.app!.get(ShopHours);
    const closeThenAnswer = (request: InputRequestView) => {
      hours.close('stocktake');
      return shopper(gateway, 'paid')(request.params);
    };
    const run = await client.callTool('checkout', CART, { answers: { shipping: closeThenAnswer } });
    expect(run.text).toBe(
      'The shop is closed (stocktake), so checkout is not available. Nothing was charged.',
    );
    expect(counts()).toStrictEqual({ quotes: 1, charges: 0, receipts: 0 });
  });

  it('charges nothing when the shopper will not open the payment page', async () => {
    const run = await client.callTool('checkout', CART, { answers: answers('refuses-page') });
    expect(run.text).toBe('Checkout cancelled at the payment step, nothing was charged.');
    expect(counts()).toStrictEqual({ quotes: 1, charges: 0, receipts: 0 });
  });

  it('opens no payment page when the shopper declines the address form', async () => {
    const run = await client.callTool('checkout', CART, { answers: { shipping: decline() } });
    expect(run.rounds).toHaveLength(2);
    expect(run.text).toBe('Checkout cancelled: no shipping address, nothing was charged.');
    expect(gateway.openSession(1).id).toBe('ps_0001');
    expect(counts()).toStrictEqual({ quotes: 1, charges: 0, receipts: 0 });
  });

  it('asks again when the address breaks the form rules', async () => {
    const run = await client.callTool('checkout', CART, {
      answers: {
        shipping: [accept({ ...ADA, email: 'not-an-email' }), accept(ADA)],
        payment: answers().payment,
      },
    });
    expect(run.rounds.map((round) => round.inputRequests.map((request) => request.key))).toStrictEqual([
      ['shipping'],
      ['shipping'],
      ['payment'],
      [],
    ]);
    expect(String(run.rounds[1]!.inputRequests[0]!.params.message)).toMatch(
      /Your previous answer was not accepted: .*email/,
    );
    expect(counts()).toStrictEqual({ quotes: 1, charges: 1, receipts: 1 });
  });

  it('returns the stored result for a retried final round without charging or mailing again', async () => {
    const call = async (extra: Record<string, unknown> = {}) =>
      (await client.request('tools/call', { name: 'checkout', arguments: CART, ...extra })).body
        .result as Record<string, unknown>;
    const first = await call();
    const second = await call({
      requestState: first.requestState,
      inputResponses: { shipping: accept(ADA) },
    });
    const url = String(
      (second.inputRequests as Record<string, { params: { url: string } }>).payment.params.url,
    );
    gateway.completeOnPage(gateway.sessionIdOf(url), 'paid');
    const finalRound = {
      requestState: second.requestState,
      inputResponses: { payment: { action: 'accept' } },
    };

    const done = await call(finalRound);
    const retried = await call(finalRound);

    expect(retried).toStrictEqual(done);
    expect(counts()).toStrictEqual({ quotes: 1, charges: 1, receipts: 1 });
  });

  it('refuses an unknown product with a message for the user', async () => {
    const run = await client.callTool('checkout', { items: [{ sku: 'yacht', quantity: 1 }] });
    expect(run.result?.isError).toBe(true);
    expect(run.text).toBe('Unknown product "yacht". Call list_products to see what is on sale.');
  });

  it('stops before the payment step when the client can only show forms', async () => {
    const run = await client.callTool('checkout', CART, {
      capabilities: { elicitation: { form: {} } },
      answers: answers(),
    });
    expect(run.text).toBe(
      'This client cannot open web pages, so it cannot take you to the payment page. Nothing was charged.',
    );
    expect(counts()).toStrictEqual({ quotes: 1, charges: 0, receipts: 0 });
  });
});
