import { Args, Context, Ctx, ElicitRequestParams, Tool, Tools, UserError } from 'elicitor';
import { Catalog } from '../catalog/catalog.service.js';
import { CartPricing } from '../cart/cart-pricing.service.js';
import { money } from '../cart/money.js';
import { ReceiptMailer } from '../mail/receipt-mailer.service.js';
import { PaymentGateway } from '../payment/payment-gateway.service.js';
import { CheckoutArgs } from './checkout.args.js';
import { ShippingForm } from './shipping.form.js';

/**
 * The checkout. On the 2026-07-28 wire the handler re-runs from the top every round, so each side effect
 * is guarded: the quote and the payment session are `memo`s (computed once, carried in the sealed
 * requestState), the charge is a `once` (at most once, recorded in the state store), and the receipt is an
 * `onCommit` (only when the whole call ends in success).
 */
@Tools()
export class CheckoutTools {
  constructor(
    private readonly catalog: Catalog,
    private readonly pricing: CartPricing,
    private readonly gateway: PaymentGateway,
    private readonly mailer: ReceiptMailer,
  ) {}

  @Tool({
    description: 'Lists the products on sale with their codes and prices',
    annotations: { readOnlyHint: true },
  })
  listProducts(): string {
    return this.catalog
      .list()
      .map((product) => `${product.sku}: ${product.name}, ${money(product.priceCents)}`)
      .join('\n');
  }

  @Tool({
    description:
      'Checks out a cart: prices it, asks where to ship, sends you to the payment page, then charges once and mails a receipt',
  })
  async checkout(@Args() args: CheckoutArgs, @Ctx() ctx: Context): Promise<string> {
    const quote = await ctx.memo('quote', () => this.pricing.quote(args.items));
    const total = money(quote.totalCents);

    const shipping = await ctx.elicit(
      'shipping',
      ElicitRequestParams.form(`Your total is ${total}. Where should we ship it?`).withSchema(ShippingForm),
    );
    const address = shipping.content();
    if (!address) return 'Checkout cancelled: no shipping address, nothing was charged.';

    // Memoised, so every round asks about the same page and the answer replays.
    const session = await ctx.memo('payment-session', () => this.gateway.openSession(quote.totalCents));
    const paymentPage = ElicitRequestParams.url(session.url, `Pay ${total} on the secure payment page`);
    if (!ctx.clientCapabilities.elicitation?.allows(paymentPage)) {
      throw new UserError(
        'This client cannot open web pages, so it cannot take you to the payment page. Nothing was charged.',
      );
    }
    const payment = await ctx.elicit('payment', paymentPage);
    if (payment.action !== 'accept') return 'Checkout cancelled at the payment step, nothing was charged.';

    // At most once per checkout, even if a round is retried or an old requestState is replayed. A page
    // that did not end in a payment throws PaymentNotCompletedError, which PaymentDeclinedFilter answers.
    const charge = await ctx.once('charge', () => this.gateway.capture(session.id));

    ctx.onCommit(() =>
      this.mailer.send({ to: address.email, chargeId: charge.id, totalCents: quote.totalCents }),
    );
    return `Order ${charge.id} confirmed: ${total} charged, shipping to ${address.name} in ${address.city}. A receipt is on its way to ${address.email}.`;
  }
}
