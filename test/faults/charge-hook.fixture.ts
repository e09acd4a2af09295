import 'reflect-metadata';
import { Args, Context, Ctx, ElicitRequestParams, Tool, Tools } from 'elicitor';
import { PayArgs, effects } from '../mrtr/payment-flow.fixture.js';

let afterCharge: (() => void) | undefined;

/** Runs right after the next charges, inside their `once` effect (e.g. to freeze the store). */
export function setAfterCharge(hook: (() => void) | undefined): void {
  afterCharge = hook;
}

/** The payment flow of `PaymentFlow`, with a hook inside the charge, and counting the same effects. */
@Tools()
export class ChargeHookFlow {
  @Tool({ description: 'Pays after two questions' })
  async pay(@Args() args: PayArgs, @Ctx() ctx: Context): Promise<string> {
    const quote = await ctx.memo('quote', () => ++effects.quotes && args.amount + 1);
    const confirm = await ctx.elicit(
      'confirm',
      ElicitRequestParams.form(`Pay $${quote}?`).withRequired('ok', 'boolean'),
    );
    if (confirm.content()?.ok !== true) return 'Not paid.';
    const charge = await ctx.once('charge', () => {
      const id = `ch_${++effects.charges}`;
      afterCharge?.();
      return { id };
    });
    const note = await ctx.elicit(
      'note',
      ElicitRequestParams.form('Add a note').withRequired('note', 'string'),
    );
    ctx.onCommit(() => {
      effects.receipts++;
    });
    return `Paid $${quote} as ${charge.id}: ${String(note.content()?.note ?? '')}`;
  }
}
