import { Context, Ctx, ElicitRequestParams, Tool, Tools } from 'elicitor';
import { AddressBook } from './address-book.service.js';

@Tools()
export class ImportTools {
  constructor(private readonly book: AddressBook) {}

  @Tool({ description: 'Imports the address book batch by batch, after asking which list to fill' })
  async importContacts(@Ctx() ctx: Context): Promise<string> {
    const batches = await ctx.memo('batches', () => this.book.batches());
    // Runs again in every round of the re-run model: the client sees it once per request.
    await ctx.progress(0, batches.length, `${batches.length} batches to import`);
    const answer = await ctx.elicit(
      'list',
      ElicitRequestParams.form('Import into which list?').withRequired('list', 'string'),
    );
    const list = answer.content()?.list;
    if (!list) return 'Nothing imported.';
    for (const [done, batch] of batches.entries()) {
      await ctx.once(`batch-${batch}`, () => this.book.importBatch(batch, String(list)));
      await ctx.progress(done + 1, batches.length, `Imported ${batch}`);
    }
    return `Imported ${batches.length} batches into ${String(list)}.`;
  }
}
