import 'reflect-metadata';
import { Args, Context, Ctx, ElicitRequestParams, Field, InvalidParamsError, Tool, Tools } from 'elicitor';

export class DeployArgs {
  @Field() service!: string;
}

/** Counts every real side effect, so tests can prove what ran and how often, across runs and replicas. */
export const deployEffects = { plans: 0, deploys: 0, announcements: 0 };

export function resetDeployEffects(): void {
  deployEffects.plans = 0;
  deployEffects.deploys = 0;
  deployEffects.announcements = 0;
}

/** A long deploy as a task: plan (memo) → approve → deploy (once) → note → announce (onCommit). */
@Tools()
export class DeployTools {
  @Tool({ description: 'Deploys a service after approval', task: 'optional' })
  async deploy(@Args() args: DeployArgs, @Ctx() ctx: Context): Promise<string> {
    const plan = await ctx.memo('plan', () => `plan-${++deployEffects.plans}`);
    await ctx.progress(1, 3, `planned ${args.service}`);
    const approve = await ctx.elicit(
      'approve',
      ElicitRequestParams.form(`Deploy ${args.service} with ${plan}?`).withRequired('ok', 'boolean'),
    );
    if (approve.action !== 'accept' || approve.content()?.ok !== true)
      return `Deploy of ${args.service} stopped.`;
    const release = await ctx.once('release', () => `release-${++deployEffects.deploys}`);
    const note = await ctx.elicit(
      'note',
      ElicitRequestParams.form('Release note').withRequired('note', 'string'),
    );
    ctx.onCommit(() => {
      deployEffects.announcements++;
    });
    return `${args.service} deployed as ${release}: ${String(note.content()?.note ?? '')}`;
  }

  @Tool({ description: 'Only runs as a task', task: 'required' })
  async migrate(@Ctx() ctx: Context): Promise<string> {
    await ctx.progress(1, 1, 'migrating');
    return 'migrated';
  }

  @Tool({
    description: 'Refuses, once running, a service it does not know: a JSON-RPC error',
    task: 'optional',
  })
  async rollback(@Args() args: DeployArgs): Promise<string> {
    await Promise.resolve();
    throw new InvalidParamsError(`Invalid params: service ${args.service} has no release to roll back to`);
  }

  @Tool({ description: 'Fails with a JSON-RPC error', task: 'required' })
  async broken(): Promise<string> {
    throw new Error('the cluster is unreachable');
  }

  @Tool({ description: 'Waits until it is cancelled', task: 'required' })
  async wait(@Ctx() ctx: Context): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      ctx.signal.addEventListener('abort', () => reject(new Error('stopped')), { once: true });
      setTimeout(resolve, 20_000).unref();
    });
    return 'waited';
  }
}
