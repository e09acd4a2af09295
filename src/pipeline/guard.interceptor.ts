import { INPUT_CHANNEL } from '../context/context.js';
import { ForbiddenError } from '../errors/forbidden.error.js';
import type { GuardReference } from '../metadata/enhancer.metadata.js';
import type { CallInfo } from './call-info.js';
import type { CanActivate } from './can-activate.js';
import type { ElicitorInterceptor } from './elicitor-interceptor.js';
import { ENHANCER_RESOLVER, resolveEnhancer } from './enhancer-resolver.js';
import type { ResultMappingInterceptor } from './result-mapping.interceptor.js';

/**
 * Runs a handler's guards, widest level first, before anything else of the call: before the re-run model
 * opens the state or claims the final result, so a refused round (first or resumed) runs no `once` effect
 * and no commit, returns no stored result, and leaves the call open for a later round that is allowed.
 * A refusal or a guard's error goes through the exception filters like a handler's error.
 */
export class GuardInterceptor implements ElicitorInterceptor {
  constructor(
    private readonly guards: readonly GuardReference[],
    private readonly results: ResultMappingInterceptor,
  ) {}

  async intercept(call: CallInfo, next: () => Promise<unknown>): Promise<unknown> {
    // Guards decide from the request alone: without the input channel, asking fails the same on both eras.
    const channel = call.context[INPUT_CHANNEL];
    call.context[INPUT_CHANNEL] = undefined;
    try {
      await this.check(call);
    } catch (error) {
      return this.results.mapFailure(error, call);
    } finally {
      call.context[INPUT_CHANNEL] = channel;
    }
    return next();
  }

  private async check(call: CallInfo): Promise<void> {
    const resolver = call[ENHANCER_RESOLVER];
    for (const reference of this.guards) {
      const guard = resolver ? resolveEnhancer<CanActivate>(reference, resolver) : (reference as CanActivate);
      if (!(await guard.canActivate(call.context, call))) {
        throw new ForbiddenError(`${nameOf(reference)} refused ${call.kind} ${call.name}`);
      }
    }
  }
}

function nameOf(reference: GuardReference): string {
  const type = typeof reference === 'function' ? reference : reference.constructor;
  return type.name && type.name !== 'Object' ? type.name : 'A guard';
}
