import type { Context } from '../context/context.js';
import type { CallInfo } from './call-info.js';

/**
 * A guard: decides whether a call may run at all. It runs before the handler on every round of a call
 * (never sealed into the state), sees the raw arguments, and must not ask the user anything. Returning
 * `false` refuses with a generic message; throwing a `ForbiddenError` refuses with its own.
 */
export interface CanActivate {
  canActivate(ctx: Context, call: CallInfo): boolean | Promise<boolean>;
}
