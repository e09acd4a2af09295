import { IsPositive } from 'class-validator';
import { Args, Context, Ctx, ElicitRequestParams, Field, Tool, Tools } from 'elicitor';

export class PayInvoiceArgs {
  @Field({ description: 'Amount in dollars' }) @IsPositive() amount!: number;
}

@Tools()
export class InvoiceTools {
  @Tool({ description: 'Pays an invoice on a hosted payment page' })
  async payInvoice(@Args() args: PayInvoiceArgs, @Ctx() ctx: Context): Promise<string> {
    const visit = await ctx.elicit(
      'payment-page',
      ElicitRequestParams.url(`https://pay.example.com/invoice?amount=${args.amount}`, `Pay $${args.amount}`),
    );
    // `accept` means the user agreed to open the page, not that they paid: ask the provider.
    return visit.accepted ? 'Payment page opened.' : `Not paid (${visit.action}).`;
  }
}
