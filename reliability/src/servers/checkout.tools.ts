import 'reflect-metadata';
import { IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { Args, Context, Ctx, ElicitRequestParams, ElicitSchema, Field, Tool, Tools } from 'elicitor';

export class CheckoutArgs {
  @Field() @IsInt() @Min(1) @Max(1_000_000) amount!: number;
  /** Which request the bank holds: `charge` (inside once) or `final` (before the final result). */
  @Field() @IsOptional() @IsString() pause?: string;
}

@ElicitSchema()
export class Confirmation {
  @Field() ok!: boolean;
}

@ElicitSchema()
export class Note {
  @Field() @Length(0, 200) note!: string;
}

const bankUrl = (): string => process.env.BANK_URL ?? 'http://127.0.0.1:9';

async function post(point: string, body: unknown): Promise<{ id: string }> {
  const response = await fetch(`${bankUrl()}/${point}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { id: string };
}

/** confirm (round 1) → charge once → note (round 2) → receipt on commit (round 3). */
@Tools()
export class CheckoutTools {
  @Tool({ description: 'Charges after a confirmation, then asks for a note' })
  async checkout(@Args() args: CheckoutArgs, @Ctx() ctx: Context): Promise<string> {
    const confirm = await ctx.elicit(
      'confirm',
      ElicitRequestParams.form(`Pay $${args.amount}?`).withSchema(Confirmation),
    );
    if (confirm.content()?.ok !== true) return 'Not paid.';
    const charge = await ctx.once('charge', async ({ idempotencyKey }) => ({
      key: idempotencyKey,
      ...(await post('charge', { key: idempotencyKey, amount: args.amount })),
    }));
    const note = await ctx.elicit('note', ElicitRequestParams.form('Add a note').withSchema(Note));
    ctx.onCommit(() => post('receipt', { key: charge.key }));
    if (args.pause === 'final') await post('final', {});
    return `Paid $${args.amount} as ${charge.id}: ${note.content()?.note ?? ''}`;
  }

  @Tool({ description: 'The same questions under another name, to replay states across tools' })
  async checkoutCopy(@Args() args: CheckoutArgs, @Ctx() ctx: Context): Promise<string> {
    return this.checkout(args, ctx);
  }
}
