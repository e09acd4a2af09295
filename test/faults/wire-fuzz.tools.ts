import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { IsInt, Min } from 'class-validator';
import { Args, Context, Ctx, ElicitRequestParams, Field, Tool, Tools, type ElicitorApp } from 'elicitor';
import { startHttpApp } from '../support/transports.js';

export class ChargeArgs {
  @Field() @IsInt() @Min(1) amount!: number;
}

/** Every charge and receipt, by the call that made it: a call is told apart by a tag it keeps in memo. */
export const ledger = { charges: new Map<string, number>(), receipts: new Map<string, number>() };

export function resetLedger(): void {
  ledger.charges.clear();
  ledger.receipts.clear();
}

/** Calls that charged or committed more than once; empty when every effect ran at most once per call. */
export function repeatedEffects(): string[] {
  const repeated: string[] = [];
  for (const [kind, counts] of Object.entries(ledger))
    for (const [tag, count] of counts) if (count > 1) repeated.push(`${kind} ×${count} for call ${tag}`);
  return repeated;
}

/** The call a final text names, e.g. "Paid $5 as ch_<tag>: note". */
export function paidCallOf(text: string): string | undefined {
  return /as ch_([\w-]+):/.exec(text)?.[1];
}

const bump = (counts: Map<string, number>, tag: string) => counts.set(tag, (counts.get(tag) ?? 0) + 1);

/** confirm (round 1) → charge once → note (round 2) → commit a receipt (round 3). */
@Tools()
export class ChargeTools {
  @Tool({ description: 'Charges after a confirmation, then files a receipt with a note' })
  async pay(@Args() args: ChargeArgs, @Ctx() ctx: Context): Promise<string> {
    const tag = await ctx.memo('tag', () => randomUUID());
    const confirm = await ctx.elicit(
      'confirm',
      ElicitRequestParams.form(`Pay $${args.amount}?`).withRequired('ok', 'boolean'),
    );
    if (confirm.content()?.ok !== true) return 'Not paid.';
    const charge = await ctx.once('charge', () => {
      bump(ledger.charges, tag);
      return { id: `ch_${tag}` };
    });
    const note = await ctx.elicit(
      'note',
      ElicitRequestParams.form('Add a note').withRequired('note', 'string'),
    );
    ctx.onCommit(() => {
      bump(ledger.receipts, tag);
    });
    return `Paid $${args.amount} as ${charge.id}: ${String(note.content()?.note ?? '')}`;
  }

  @Tool({ description: 'Quotes a price without asking anything' })
  quote(@Args() args: ChargeArgs): string {
    return `Quote: $${args.amount + 1}`;
  }
}

/** The tools above over HTTP, with a logger that keeps the refusals the fuzzing provokes out of the output. */
export function startChargeApp(): Promise<{ app: ElicitorApp; url: string }> {
  return startHttpApp({
    name: 'fuzz',
    version: '1',
    tools: [ChargeTools],
    logger: { info() {}, warn() {}, error() {} },
  });
}
