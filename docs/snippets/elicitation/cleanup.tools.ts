import 'reflect-metadata';
import { injectable } from 'inversify';
import { Context, Ctx, ElicitRequestParams, ElicitSchema, Field, Tool, Tools } from 'elicitor';

@injectable()
export class Disk {
  files = ['old.log', 'core.dump', 'notes.txt'];

  async listLargeFiles(): Promise<string[]> {
    return this.files.filter((file) => !file.endsWith('.txt'));
  }

  async remove(names: readonly string[]): Promise<void> {
    this.files = this.files.filter((file) => !names.includes(file));
  }
}

@ElicitSchema()
export class PickFiles {
  // The choices are the files found when the tool runs: given when asking, checked on the answer.
  @Field({ title: 'Files to delete', runtimeChoices: true, minItems: 1 })
  files!: string[];
}

@Tools()
export class CleanupTools {
  constructor(private readonly disk: Disk) {}

  @Tool({ description: 'Deletes the large files the user picks' })
  async cleanUp(@Ctx() ctx: Context): Promise<string> {
    // In memo: the list, and so the question, stays the same in every round of the call.
    const found = await ctx.memo('found', () => this.disk.listLargeFiles());
    const answer = await ctx.elicit(
      'pick',
      ElicitRequestParams.form('Which files should go?').withSchema(PickFiles, { choices: { files: found } }),
    );
    const picked = answer.content(); // a PickFiles whose files are among `found`
    if (!picked) return 'Nothing deleted.';
    await ctx.once('delete', () => this.disk.remove(picked.files));
    return `Deleted ${picked.files.join(', ')}.`;
  }
}
