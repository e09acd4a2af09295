import 'reflect-metadata';
import { injectable } from 'inversify';
import { Context, Ctx, ElicitRequestParams, Tool, Tools } from 'elicitor';

/** A payment API that deduplicates on an idempotency key, as Stripe's does. */
@injectable()
export class PaymentsApi {
  readonly charges = new Map<string, { id: string; cents: number }>();

  async charge(cents: number, idempotencyKey: string): Promise<{ id: string; cents: number }> {
    const earlier = this.charges.get(idempotencyKey);
    if (earlier) return earlier; // the same key: the same charge, never a second one
    const charge = { id: `ch_${this.charges.size + 1}`, cents };
    this.charges.set(idempotencyKey, charge);
    return charge;
  }
}

@Tools()
export class DonationTools {
  constructor(private readonly payments: PaymentsApi) {}

  @Tool({ description: 'Donates five dollars after a confirmation' })
  async donate(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit(
      'confirm',
      ElicitRequestParams.form('Donate $5?').withRequired('ok', 'boolean'),
    );
    if (answer.content()?.ok !== true) return 'No donation.';
    // If this replica dies mid-charge, a retry runs the effect again with the same key: the API dedupes it.
    const charge = await ctx.once('charge', ({ idempotencyKey }) =>
      this.payments.charge(500, idempotencyKey),
    );
    return `Thank you: ${charge.id}`;
  }
}
