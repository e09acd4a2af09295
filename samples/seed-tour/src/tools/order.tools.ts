import { IsIn, IsInt, Max, Min } from 'class-validator';
import { Args, Context, Ctx, ElicitRequestParams, Field, Tool, Tools } from 'elicitor';
import { OrderForm } from '../forms/order.form.js';
import { ShippingForm } from '../forms/shipping.form.js';
import { PaymentService } from '../services/payment.service.js';
import { PricingService } from '../services/pricing.service.js';
import { ReceiptMailer } from '../services/receipt-mailer.service.js';

export class PlaceOrderArgs {
  @Field({ description: 'What to order' }) @IsIn(['widget', 'gadget', 'gizmo']) item!: string;
  @Field({ description: 'How many (1-10)' }) @IsInt() @Min(1) @Max(10) quantity!: number;
}

@Tools()
export class OrderTools {
  constructor(
    private readonly pricing: PricingService,
    private readonly payments: PaymentService,
    private readonly mailer: ReceiptMailer,
  ) {}

  @Tool({
    description: 'Places an order: asks where to ship, confirms the total, charges once, mails a receipt',
  })
  async placeOrder(@Args() args: PlaceOrderArgs, @Ctx() ctx: Context): Promise<string> {
    const quote = await ctx.memo('quote', () => this.pricing.quote(args.item, args.quantity));
    const shipping = await ctx.elicit(
      'shipping',
      ElicitRequestParams.form(`Where should we ship ${args.quantity} × ${args.item}?`).withSchema(
        ShippingForm,
      ),
    );
    const address = shipping.content();
    if (!address) return 'Order cancelled: no shipping address.';
    const confirmation = await ctx.elicit(
      'confirm',
      ElicitRequestParams.form(
        `The total is $${quote.total} including $${quote.shipping} shipping. Place the order?`,
      ).withRequired('confirm', 'boolean'),
    );
    if (confirmation.content()?.confirm !== true) return 'Order not placed.';
    const charge = await ctx.once('charge', () => this.payments.charge(quote.total));
    ctx.onCommit(() => this.mailer.send(address.email, charge.id));
    return `Order ${charge.id} placed: ${args.quantity} × ${args.item} to ${address.name}, $${quote.total} charged.`;
  }

  @Tool({
    description: 'Builds a pizza order from a size (titled single select) and toppings (multi select)',
  })
  async orderForm(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit(
      'order',
      ElicitRequestParams.form('Build your pizza').withSchema(OrderForm),
    );
    const order = answer.content();
    return order ? `A ${order.size} pizza with ${order.toppings.join(', ')}.` : 'No pizza today.';
  }
}
