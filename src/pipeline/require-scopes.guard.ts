import type { Context } from '../context/context.js';
import { ForbiddenError } from '../errors/forbidden.error.js';
import type { CanActivate } from './can-activate.js';

/** Allows a call only when the caller's token carries every one of `scopes` (`authInfo.scopes`). */
export class RequireScopesGuard implements CanActivate {
  readonly scopes: readonly string[];

  constructor(scopes: readonly string[]) {
    if (scopes.length === 0 || scopes.some((scope) => typeof scope !== 'string' || scope === '')) {
      throw new TypeError('RequireScopes needs one or more non-empty scope names');
    }
    this.scopes = [...scopes];
  }

  canActivate(ctx: Context): boolean {
    const granted = ctx.authInfo?.scopes;
    if (!ctx.authInfo) {
      throw new ForbiddenError(
        `Sign-in required: this call needs the scope(s) ${this.scopes.join(', ')}`,
        this.scopes,
      );
    }
    const missing = this.scopes.filter((scope) => !granted?.includes(scope));
    if (missing.length) {
      throw new ForbiddenError(`Missing required scope(s): ${missing.join(', ')}`, missing);
    }
    return true;
  }
}

/** A guard requiring every listed OAuth scope: `@UseGuards(RequireScopes('repo:read'))`. */
export function RequireScopes(...scopes: string[]): RequireScopesGuard {
  return new RequireScopesGuard(scopes);
}
