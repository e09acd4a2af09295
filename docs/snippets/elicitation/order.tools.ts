import { IsEmail, IsIn, IsInt, Length, Max, Min } from 'class-validator';
import { Args, Context, Ctx, ElicitRequestParams, ElicitSchema, Field, Tool, Tools } from 'elicitor';
import { Mailer, Payments, Quotes } from './shop.services.js';

export class OrderArgs {
  @Field({ description: 'What to order' }) @IsIn(['widget', 'gadget']) item!: string;
  @Field({ description: 'How many' }) @IsInt() @Min(1) @Max(10) quantity!: number;
}

@ElicitSchema()
export class DeliveryForm {
  @Field({ title: 'Name' }) @Length(1, 80) name!: string;
  @Field({ title: 'Email for the receipt' }) @IsEmail() email!: string;
}

@Tools()
export class OrderTools {
  constructor(
    private readonly quotes: Quotes,
    private readonly payments: Payments,
    private readonly mailer: Mailer,
  ) {}

  @Tool({ description: 'Places an order: asks who it is for, confirms, charges, mails a receipt' })
  async placeOrder(@Args() args: OrderArgs, @Ctx() ctx: Context): Promise<string> {
    // Computed in round 1, then replayed from the sealed requestState in every later round.
    const quote = await ctx.memo('quote', () => this.quotes.price(args.item, args.quantity));

    // Round 1 stops here: the call returns input_required with this question.
    const delivery = await ctx.elicit(
      'delivery',
      ElicitRequestParams.form(`$${quote.total} in total. Who is it for?`).withSchema(DeliveryForm),
    );
    const to = delivery.content();
    if (!to) return 'Order cancelled.';

    // Round 2 stops here; round 3 has both answers and runs to the end.
    const confirm = await ctx.elicit(
      'confirm',
      ElicitRequestParams.form(`Charge $${quote.total} and send to ${to.name}?`).withRequired(
        'confirm',
        'boolean',
      ),
    );
    if (confirm.content()?.confirm !== true) return 'Order not placed.';

    // At most once per call, even if this round is retried or an older requestState is replayed.
    const charge = await ctx.once('charge', () => this.payments.charge(quote.total));
    // Runs once the final result is a success; never on an input_required round or an error.
    ctx.onCommit(() => this.mailer.sendReceipt(to.email, charge.id));
    return `Order ${charge.id} placed: ${args.quantity} × ${args.item} for ${to.name}.`;
  }
}
