import { IsString } from 'class-validator';
import { Args, Context, Ctx, ElicitRequestParams, Tool, Tools, UserError } from 'elicitor';
import { Catalog } from './catalog.module.js';
import { Payments } from './payments.module.js';

export class BuyArgs {
  @IsString() item!: string;
}

@Tools()
export class ShopTools {
  constructor(
    private readonly catalog: Catalog,
    private readonly payments: Payments,
  ) {}

  @Tool({ description: 'Buy one item after the user confirms the price' })
  async buy(@Args() args: BuyArgs, @Ctx() ctx: Context): Promise<string> {
    const price = this.catalog.price(args.item);
    if (price === undefined) throw new UserError(`No such item: ${args.item}`);
    const answer = await ctx.elicit(
      'confirm',
      ElicitRequestParams.form(`Pay $${price} for a ${args.item}?`).withRequired('ok', 'boolean'),
    );
    if (!answer.content()?.ok) return 'Nothing bought';
    const receipt = await ctx.once('charge', ({ idempotencyKey }) =>
      this.payments.charge(price, idempotencyKey),
    );
    return `Bought a ${args.item}, receipt ${receipt}`;
  }
}
