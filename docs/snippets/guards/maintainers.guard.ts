import { injectable } from 'inversify';
import { ForbiddenError } from 'elicitor';
import type { CallInfo, CanActivate, Context } from 'elicitor';

/** Who maintains the repository; a singleton provider the guard injects. */
@injectable()
export class Maintainers {
  private readonly names = new Set(['ada']);

  includes(principal: string | undefined): boolean {
    return principal !== undefined && this.names.has(principal);
  }
}

/** Lets only maintainers through; runs again on every round of a call. */
@injectable()
export class MaintainersOnly implements CanActivate {
  constructor(private readonly maintainers: Maintainers) {}

  canActivate(ctx: Context, call: CallInfo): boolean {
    if (this.maintainers.includes(ctx.principal)) return true;
    throw new ForbiddenError(`Only maintainers may call ${call.name}`);
  }
}
