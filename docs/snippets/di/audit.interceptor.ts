import { injectable } from 'inversify';
import { isInputRequired } from 'elicitor';
import type { CallInfo, ElicitorInterceptor } from 'elicitor';
import { AuditTrail } from './audit-trail.service.js';

/** Named by its class, so it is resolved from the request's container and can inject services. */
@injectable()
export class AuditInterceptor implements ElicitorInterceptor {
  constructor(private readonly trail: AuditTrail) {}

  async intercept(call: CallInfo, next: () => Promise<unknown>): Promise<unknown> {
    const started = Date.now();
    const record = (outcome: 'success' | 'input_required' | 'error') =>
      this.trail.records.push({ tool: call.name, outcome, durationMs: Date.now() - started });
    try {
      const result = await next(); // the handler's own return value
      record('success');
      return result;
    } catch (error) {
      record(isInputRequired(error) ? 'input_required' : 'error');
      throw error; // always rethrow: the signal ends the round, errors become results
    }
  }
}
