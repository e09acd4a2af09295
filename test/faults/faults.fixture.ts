import 'reflect-metadata';
import { IsInt, Length, Min } from 'class-validator';
import { Args, Context, Ctx, ElicitRequestParams, ElicitSchema, Field, Tool, Tools } from 'elicitor';

export class CheckoutArgs {
  @Field() @IsInt() @Min(1) amount!: number;
}

@ElicitSchema()
export class Contact {
  @Field() @Length(1, 40) name!: string;
}

/** A promise a test resolves by hand, to hold a handler at a chosen point. */
export class Gate {
  private open!: () => void;
  readonly opened = new Promise<void>((resolve) => (this.open = resolve));
  release(): void {
    this.open();
  }
}

/** What really happened, and the hooks a test uses to hold or break the flow. */
export const world = {
  charges: [] as string[],
  receipts: 0,
  audits: 0,
  /** Held before the final result when set: the client can go away meanwhile. */
  beforeFinal: undefined as Gate | undefined,
  /** Held inside the charge when set: a replica can die meanwhile. */
  insideCharge: undefined as Gate | undefined,
  /** The receipt fails this many more times. */
  receiptFailures: 0,
  reports: 0,
  reportBytes: 1,
};

export function resetWorld(): void {
  world.charges = [];
  world.receipts = 0;
  world.audits = 0;
  world.beforeFinal = undefined;
  world.insideCharge = undefined;
  world.receiptFailures = 0;
  world.reports = 0;
  world.reportBytes = 1;
}

/** contact (round 1) → confirm (round 2) → charge once → commit an audit and a receipt (round 3). */
@Tools()
export class CheckoutTools {
  @Tool({ description: 'Checks out after asking who pays and whether to pay' })
  async checkout(@Args() args: CheckoutArgs, @Ctx() ctx: Context): Promise<string> {
    const contact = (
      await ctx.elicit('contact', ElicitRequestParams.form('Who pays?').withSchema(Contact))
    ).content();
    if (!contact) return 'Nobody pays.';
    const confirm = await ctx.elicit(
      'confirm',
      ElicitRequestParams.form(`Charge ${contact.name} $${args.amount}?`).withRequired('ok', 'boolean'),
    );
    if (confirm.content()?.ok !== true) return 'Not paid.';
    const charge = await ctx.once('charge', async ({ idempotencyKey }) => {
      world.charges.push(idempotencyKey);
      if (world.insideCharge) await world.insideCharge.opened;
      return { id: `ch_${world.charges.length}` };
    });
    ctx.onCommit(() => {
      world.audits++;
    });
    ctx.onCommit(() => {
      if (world.receiptFailures > 0) {
        world.receiptFailures--;
        throw new Error('mail server down');
      }
      world.receipts++;
    });
    if (world.beforeFinal) await world.beforeFinal.opened;
    return `Charged ${contact.name} $${args.amount} as ${charge.id}`;
  }

  @Tool({ description: 'Asks for a go, then returns a report of reportBytes characters' })
  async report(@Ctx() ctx: Context): Promise<string> {
    await ctx.elicit('go', ElicitRequestParams.form('Go?').withRequired('ok', 'boolean'));
    world.reports++;
    return 'r'.repeat(world.reportBytes);
  }

  @Tool({ description: 'Samples, then asks' })
  async summarise(@Ctx() ctx: Context): Promise<string> {
    const reply = await ctx.sample('draft', {
      messages: [{ role: 'user', content: { type: 'text', text: 'Draft a summary' } }],
      maxTokens: 100,
    });
    const ok = await ctx.elicit(
      'approve',
      ElicitRequestParams.form('Approve?').withRequired('ok', 'boolean'),
    );
    return ok.content()?.ok ? String((reply.content as { text?: string }).text) : 'Rejected.';
  }
}
