import { IsPositive } from 'class-validator';
import { Args, Context, Ctx, ElicitRequestParams, Field, Tool, Tools } from 'elicitor';
import { Invoices } from './invoices.service.js';

export class PayInvoiceArgs {
  @Field({ description: 'Amount in dollars' }) @IsPositive() amount!: number;
}

@Tools()
export class InvoiceTools {
  constructor(private readonly invoices: Invoices) {}

  @Tool({ description: 'Pays an invoice on a hosted payment page' })
  async payInvoice(@Args() args: PayInvoiceArgs, @Ctx() ctx: Context): Promise<string> {
    // Opened once: every round asks with the same URL, so it stays the same question.
    const invoice = await ctx.memo('invoice', () => this.invoices.open(args.amount));
    const visit = await ctx.elicit(
      'payment-page',
      ElicitRequestParams.url(invoice.url, `Pay $${args.amount}`),
    );
    if (!visit.accepted) return `Not paid (${visit.action}).`;
    // 2025-11-25 only: the client shows the page as pending until it hears the step is done. The
    // payment provider's webhook says so (see onInvoicePaid), so it needs to know which question waits.
    if (visit.elicitationId) this.invoices.waitFor(invoice.id, visit.elicitationId);
    // `accept` means the user agreed to open the page, not that they paid: the provider tells.
    return `Payment page opened for invoice ${invoice.id}.`;
  }
}
