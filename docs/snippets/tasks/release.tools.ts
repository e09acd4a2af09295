import { Args, Context, Ctx, ElicitRequestParams, Field, Tool, Tools } from 'elicitor';

export class ReleaseArgs {
  @Field({ description: 'The service to release' }) service!: string;
}

/** What the release did, so the guide's spec can count it. */
export const releases = { builds: 0, rollouts: 0, announcements: 0 };

@Tools()
export class ReleaseTools {
  // A task: the call answers at once with a task id; the client polls it and answers its questions.
  @Tool({ description: 'Builds, asks for approval, rolls out', task: 'optional' })
  async release(@Args() args: ReleaseArgs, @Ctx() ctx: Context): Promise<string> {
    // Each run of the task re-runs the handler from the top: memo and once keep what is done.
    const build = await ctx.memo('build', () => `build-${++releases.builds}`);
    await ctx.progress(1, 3, `built ${build}`); // the task's statusMessage
    const approval = await ctx.elicit(
      'approve',
      ElicitRequestParams.form(`Roll ${build} out to ${args.service}?`).withRequired('ok', 'boolean'),
    );
    if (approval.content()?.ok !== true) return `Release of ${args.service} stopped.`;
    const rollout = await ctx.once('rollout', () => `rollout-${++releases.rollouts}`);
    const note = await ctx.elicit(
      'note',
      ElicitRequestParams.form('Release note').withRequired('note', 'string'),
    );
    ctx.onCommit(() => {
      releases.announcements++;
    });
    return `${args.service}: ${rollout} (${String(note.content()?.note)})`;
  }
}
