import { Args, Context, Ctx, ElicitRequestParams, Field, Tool, Tools } from 'elicitor';

export class ReserveArgs {
  @Field({ description: 'Product code' }) sku!: string;
}

/** What the warehouse was told; a real app would call its API here. */
export const warehouseNotices: string[] = [];

@Tools()
export class StockTools {
  @Tool({ description: 'Reserves stock: asks how many, reserves once, notifies the warehouse on success' })
  async reserveStock(@Args() args: ReserveArgs, @Ctx() ctx: Context): Promise<string> {
    if (args.sku === 'broken') throw new Error('inventory database unreachable');
    const answer = await ctx.elicit(
      'quantity',
      ElicitRequestParams.form('How many?').withRequired('quantity', 'integer'),
    );
    const quantity = answer.content()?.quantity as number | undefined;
    if (!quantity) return 'Nothing reserved';
    await ctx.once('reserve', () => `${args.sku}x${quantity}`);
    ctx.onCommit(() => warehouseNotices.push(`${quantity} of ${args.sku} reserved`)); // only on success
    return `Reserved ${quantity} of ${args.sku}`;
  }
}
