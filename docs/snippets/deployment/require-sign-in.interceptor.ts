import { injectable } from 'inversify';
import { UserError } from 'elicitor';
import type { CallInfo, ElicitorInterceptor } from 'elicitor';

/** `authenticate` only says who is calling; this refuses calls from nobody. */
@injectable()
export class RequireSignIn implements ElicitorInterceptor {
  async intercept(call: CallInfo, next: () => Promise<unknown>): Promise<unknown> {
    if (call.context.principal === undefined) {
      throw new UserError('Sign in first: send an Authorization: Bearer <token> header.');
    }
    return next();
  }
}
