import 'reflect-metadata';
import { Args, Context, Ctx, ElicitRequestParams, Field, Tool, Tools } from 'elicitor';

export class ReleaseArgs {
  @Field() service!: string;
}

/** Counts every real side effect, so tests prove what ran and how often, before and inside the task. */
export const releaseEffects = { sizings: 0, reservations: 0, rollouts: 0, announcements: 0 };

export function resetReleaseEffects(): void {
  releaseEffects.sizings = 0;
  releaseEffects.reservations = 0;
  releaseEffects.rollouts = 0;
  releaseEffects.announcements = 0;
}

/**
 * Decides per call: sizes the release (memo), asks where it goes and reserves a slot (once), all in the call;
 * a release to `dev` ends there, one to anywhere else continues as a task that asks for approval and rolls out.
 */
@Tools()
export class ReleaseTools {
  @Tool({ description: 'Releases a service, as a task when it takes long', task: 'per-call' })
  async release(@Args() args: ReleaseArgs, @Ctx() ctx: Context): Promise<string> {
    const size = await ctx.memo('size', () => `size-${++releaseEffects.sizings}`);
    const target = await ctx.elicit(
      'target',
      ElicitRequestParams.form(`Where does ${args.service} go?`).withRequired('env', 'string'),
    );
    const env = String(target.content()?.env);
    const slot = await ctx.once('reserve', () => `slot-${++releaseEffects.reservations}`);
    ctx.onCommit(() => {
      releaseEffects.announcements++;
    });
    if (env === 'dev') return `${args.service} (${size}) released to dev in ${slot}`;
    await ctx.continueAsTask();
    await ctx.progress(1, 2, `rolling ${args.service} out to ${env}`);
    const approval = await ctx.elicit(
      'approve',
      ElicitRequestParams.form(`Roll ${args.service} out to ${env}?`).withRequired('ok', 'boolean'),
    );
    if (approval.content()?.ok !== true) return `${args.service}: release to ${env} stopped`;
    const rollout = await ctx.once('rollout', () => `rollout-${++releaseEffects.rollouts}`);
    return `${args.service} (${size}) released to ${env} in ${slot} as ${rollout}`;
  }

  /** Swallows the boundary's signal: the call goes on in place, and the server log says why. */
  @Tool({ description: 'Catches everything', task: 'per-call' })
  async careless(@Ctx() ctx: Context): Promise<string> {
    try {
      await ctx.continueAsTask();
    } catch {
      // A catch-all around the boundary: the mistake the warning is for.
    }
    return 'went on in place';
  }
}
