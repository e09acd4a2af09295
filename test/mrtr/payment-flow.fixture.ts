import 'reflect-metadata';
import { IsInt, Min } from 'class-validator';
import { Args, Context, Ctx, ElicitRequestParams, Field, Tool, Tools } from 'elicitor';

export class PayArgs {
  @Field() @IsInt() @Min(1) amount!: number;
}

/** Counts every real side effect, so tests can prove what ran and how often. */
export const effects = { quotes: 0, charges: 0, receipts: 0 };

let afterCharge: (() => void) | undefined;

/** Runs right after the next charges, inside their `once` effect (e.g. to freeze the store). */
export function setAfterCharge(hook: (() => void) | undefined): void {
  afterCharge = hook;
}

export function resetEffects(): void {
  effects.quotes = 0;
  effects.charges = 0;
  effects.receipts = 0;
}

/** confirm (round 1) → charge once → note (round 2) → commit a receipt (round 3). */
@Tools()
export class PaymentFlow {
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

  @Tool({ description: 'The same questions under another name' })
  async payAgain(@Args() args: PayArgs, @Ctx() ctx: Context): Promise<string> {
    return this.pay(args, ctx);
  }
}
