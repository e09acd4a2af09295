import 'reflect-metadata';
import type { Client } from '@modelcontextprotocol/client';
import type { ElicitorApp } from 'elicitor';
import { connectHttp, officialClient } from '../../../test/support/official-client.js';
import type { Era } from '../../../test/support/official-client.js';
import { startHttpModuleApp, textOf } from '../../../test/support/transports.js';
import { AuditLog } from '../src/audit/audit-log.service.js';
import { CartPricing } from '../src/cart/cart-pricing.service.js';
import { ShopHours } from '../src/catalog/shop-hours.service.js';
import { ReceiptMailer } from '../src/mail/receipt-mailer.service.js';
import { PaymentGateway } from '../src/payment/payment-gateway.service.js';
import { ShopCheckoutModule, shopCheckoutOptions } from '../src/shop-checkout.module.js';
import { shopper } from './shopper.js';
import type { PageBehaviour } from './shopper.js';

const quiet = { info() {}, warn() {}, error() {} };
const CART = { items: [{ sku: 'tee', quantity: 2 }] };
const VERSIONS: Record<Era, string> = { modern: '2026-07-28', legacy: '2025-11-25' };

describe.each(['modern', 'legacy'] as const)(
  'shop-checkout over HTTP, official client on the %s wire',
  (era) => {
    let app: ElicitorApp;
    let url: string;
    let client: Client | undefined;
    const counts = () => ({
      quotes: app.get(CartPricing).quotesComputed,
      charges: app.get(PaymentGateway).captures,
      receipts: app.get(ReceiptMailer).sent.length,
    });
    const connect = async (onPage: PageBehaviour = 'paid') => {
      client = await connectHttp(
        officialClient({ era, onElicit: shopper(app.get(PaymentGateway), onPage) }),
        url,
      );
      return client;
    };

    beforeEach(async () => {
      ({ app, url } = await startHttpModuleApp(ShopCheckoutModule, {
        ...shopCheckoutOptions,
        logger: quiet,
      }));
    });
    afterEach(async () => {
      await client?.close();
      client = undefined;
      await app.close();
    });

    it(`negotiates ${VERSIONS[era]}`, async () => {
      expect((await connect()).getNegotiatedProtocolVersion()).toBe(VERSIONS[era]);
    });

    it('checks out with one quote, one charge and one receipt', async () => {
      const result = await (await connect()).callTool({ name: 'checkout', arguments: CART });
      expect(result.isError).toBeFalsy();
      expect(textOf(result)).toBe(
        'Order ch_0001 confirmed: $50.00 charged, shipping to Ada Lovelace in London. A receipt is on its way to ada@example.com.',
      );
      expect(counts()).toStrictEqual({ quotes: 1, charges: 1, receipts: 1 });
    });

    it(
      era === 'modern'
        ? 'audits each of the three rounds'
        : 'audits the one execution that waited for both answers',
      async () => {
        await (await connect()).callTool({ name: 'checkout', arguments: CART });
        const outcomes = app
          .get(AuditLog)
          .forTool('checkout')
          .map((entry) => [entry.era, entry.outcome]);
        expect(outcomes).toStrictEqual(
          era === 'modern'
            ? [
                ['modern', 'input_required'],
                ['modern', 'input_required'],
                ['modern', 'success'],
              ]
            : [['legacy', 'success']],
        );
      },
    );

    it('mails no receipt when the card is declined', async () => {
      const result = await (await connect('declined')).callTool({ name: 'checkout', arguments: CART });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe('Your card was declined on the payment page. Nothing was charged.');
      expect(counts()).toStrictEqual({ quotes: 1, charges: 0, receipts: 0 });
      expect(app.get(AuditLog).forTool('checkout').at(-1)?.outcome).toBe('error');
    });

    it('refuses with a clear tool result while the shop is closed (module guard)', async () => {
      app.get(ShopHours).close('stocktake');
      const result = await (await connect()).callTool({ name: 'checkout', arguments: CART });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe(
        'The shop is closed (stocktake), so checkout is not available. Nothing was charged.',
      );
      expect(counts()).toStrictEqual({ quotes: 0, charges: 0, receipts: 0 });
    });
  },
);
