import { performance } from 'node:perf_hooks';
import { injectable } from 'inversify';
import { isInputRequired } from 'elicitor';
import type { CallInfo, ElicitorInterceptor } from 'elicitor';
import { AuditLog } from './audit-log.service.js';
import type { AuditOutcome } from './audit-log.service.js';

/**
 * Records every tool execution: name, era, duration and how it ended. A round that stops to ask the user
 * ends with the input-required signal; that is not a failure, so it is logged as `input_required` and
 * rethrown untouched for the framework to turn into the `input_required` result.
 */
@injectable()
export class AuditInterceptor implements ElicitorInterceptor {
  constructor(private readonly audit: AuditLog) {}

  async intercept(call: CallInfo, next: () => Promise<unknown>): Promise<unknown> {
    const started = performance.now();
    const record = (outcome: AuditOutcome, detail?: string) =>
      this.audit.record({
        tool: call.name,
        era: call.context.era,
        outcome,
        durationMs: performance.now() - started,
        ...(detail === undefined ? {} : { detail }),
      });
    try {
      const result = await next();
      record('success');
      return result;
    } catch (error) {
      if (isInputRequired(error)) record('input_required');
      else record('error', error instanceof Error ? error.message : String(error));
      throw error;
    }
  }
}
