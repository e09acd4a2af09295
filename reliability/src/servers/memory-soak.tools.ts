import 'reflect-metadata';
import { getHeapSpaceStatistics } from 'node:v8';
import { IsBoolean, IsInt, IsOptional, Max, Min } from 'class-validator';
import { Args, Context, Ctx, ElicitRequestParams, ElicitSchema, Field, Tool, Tools } from 'elicitor';
import type { MemoryStateStore } from 'elicitor';

export class OrderArgs {
  @Field() @IsInt() @Min(1) @Max(1_000_000_000) order!: number;
  /** Characters of the final result: the store records it whole. */
  @Field() @IsInt() @Min(0) @Max(1_000_000) resultChars!: number;
}

export class MemoryArgs {
  /** Collect garbage first (the process runs with `--expose-gc`). */
  @Field() @IsOptional() @IsBoolean() gc?: boolean;
}

@ElicitSchema()
export class Confirmation {
  @Field() ok!: boolean;
}

@ElicitSchema()
export class Note {
  @Field() note!: string;
}

/** What the tools did, counted in the server process. */
export const effects = { charges: 0, receipts: 0 };

/**
 * An order (confirm, charge once, note, receipt on commit, a result of the asked size), and a probe of
 * the process's memory and of the store that holds the orders' records.
 */
@Tools()
export class MemorySoakTools {
  static store: MemoryStateStore;

  @Tool({
    description: 'Charges once after a confirmation, asks for a note, returns a result of a given size',
  })
  async order(@Args() args: OrderArgs, @Ctx() ctx: Context): Promise<string> {
    const confirm = await ctx.elicit(
      'confirm',
      ElicitRequestParams.form(`Order ${args.order}?`).withSchema(Confirmation),
    );
    if (confirm.content()?.ok !== true) return 'Not ordered.';
    const charge = await ctx.once('charge', () => `ch_${++effects.charges}`);
    const note = await ctx.elicit('note', ElicitRequestParams.form('Add a note').withSchema(Note));
    ctx.onCommit(() => {
      effects.receipts++;
    });
    const head = `Order ${args.order} paid as ${charge}: ${note.content()?.note ?? ''} `;
    return head + '.'.repeat(Math.max(0, args.resultChars - head.length));
  }

  @Tool({ description: 'Memory of the process and of the state store, as JSON' })
  memory(@Args() args: MemoryArgs): string {
    if (args.gc) {
      const collect = (globalThis as { gc?: () => void }).gc;
      if (!collect) throw new Error('start the server with --expose-gc');
      collect();
      collect();
    }
    const usage = process.memoryUsage();
    const store = MemorySoakTools.store;
    return JSON.stringify({
      rss: usage.rss,
      heapUsed: usage.heapUsed,
      heapTotal: usage.heapTotal,
      external: usage.external,
      youngGeneration: getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size,
      records: store.size,
      countedBytes: store.countedBytes,
      droppedLive: store.droppedLive,
      charges: effects.charges,
      receipts: effects.receipts,
    });
  }
}
