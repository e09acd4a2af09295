import { Args, Context, Ctx, ElicitRequestParams, Field, Tool, Tools } from 'elicitor';

export class HotfixArgs {
  @Field({ description: 'The service to patch' }) service!: string;
}

/** What the hotfix did, so the guide's spec can count it. */
export const hotfixes = { locks: 0, patches: 0 };

@Tools()
export class HotfixTools {
  // The handler decides per call: a patch to staging answers in the call, one to production becomes a task.
  @Tool({ description: 'Patches a service, as a task for production', task: 'per-call' })
  async hotfix(@Args() args: HotfixArgs, @Ctx() ctx: Context): Promise<string> {
    // Asked in the call, through input_required rounds, before any task exists.
    const where = await ctx.elicit(
      'where',
      ElicitRequestParams.form(`Patch ${args.service} where?`).withRequired('env', 'string'),
    );
    const env = String(where.content()?.env);
    const lock = await ctx.once('lock', () => `lock-${++hotfixes.locks}`); // never again in the task
    if (env !== 'production') return `${args.service} patched on ${env} (${lock})`;

    // From here the call is a task: its runs re-run the handler with the answer and the lock replayed.
    await ctx.continueAsTask();
    const approval = await ctx.elicit(
      'approve',
      ElicitRequestParams.form(`Patch ${args.service} in production?`).withRequired('ok', 'boolean'),
    );
    if (approval.content()?.ok !== true) return `${args.service}: patch stopped`;
    const patch = await ctx.once('patch', () => `patch-${++hotfixes.patches}`);
    return `${args.service} patched in production as ${patch} (${lock})`;
  }
}
