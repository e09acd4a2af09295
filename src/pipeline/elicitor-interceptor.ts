import type { CallInfo } from './call-info.js';

/** Wraps a call: do work before and after `next()`, change its result, or end it early. */
export interface ElicitorInterceptor {
  intercept(call: CallInfo, next: () => Promise<unknown>): Promise<unknown>;
}
