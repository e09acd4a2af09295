import type { CallInfo } from './call-info.js';
import { isControlFlow } from './control-flow.check.js';
import type { ElicitorInterceptor } from './elicitor-interceptor.js';
import type { FailureRecovery } from './failure-recovery.js';
import { inputRequiredOutcome } from './input-required-outcome.js';
import { toCallToolResult, toGetPromptResult, toReadResourceResult } from './result-mappers.js';
import { resultValueRefusal } from './result-value.check.js';

export interface ResultMappingSettings {
  structuredOutput: boolean;
  mimeType?: string;
  /** Exception filters, then the default: what a failure answers. */
  recovery: FailureRecovery;
}

/**
 * Maps handler return values to protocol results, and handler failures through the exception filters (or
 * the default: a `UserError` shows its message, anything unexpected is logged and reported generically).
 * A tool's value JSON cannot carry (see {@link resultValueRefusal}) becomes an error result, logged.
 * Control-flow signals pass through untouched; the re-run model's own signal becomes a value here (see
 * {@link inputRequiredOutcome}).
 */
export class ResultMappingInterceptor implements ElicitorInterceptor {
  constructor(private readonly settings: ResultMappingSettings) {}

  intercept(call: CallInfo, next: () => Promise<unknown>): Promise<unknown> {
    return next().then(
      (value) => this.map(value, call),
      (error: unknown) => {
        const outcome = inputRequiredOutcome(call, error);
        if (outcome !== undefined) return outcome;
        // Rethrown here rather than from `mapFailure`, so no promise is left rejected without a handler.
        if (isControlFlow(error)) throw error;
        return this.mapFailure(error, call);
      },
    );
  }

  /** The protocol result of a failure, or a rethrown control-flow signal or protocol error. */
  async mapFailure(error: unknown, call: CallInfo): Promise<unknown> {
    if (isControlFlow(error)) throw error;
    return this.map(await this.settings.recovery.recover(error, call), call);
  }

  private map(value: unknown, call: CallInfo): unknown {
    if (call.kind === 'tool') {
      // Checked before mapping, so every era sends the same thing: this result, or the refusal.
      const refusal = resultValueRefusal(value, call.name);
      if (refusal) return this.settings.recovery.refuseResult(refusal, call);
      return toCallToolResult(value, this.settings.structuredOutput);
    }
    if (call.kind === 'prompt') return toGetPromptResult(value);
    return toReadResourceResult(value, call.name, this.settings.mimeType);
  }
}
