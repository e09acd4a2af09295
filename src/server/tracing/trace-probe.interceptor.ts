import { INPUT_CHANNEL } from '../../context/context.js';
import type { CallInfo } from '../../pipeline/call-info.js';
import type { ElicitorInterceptor } from '../../pipeline/elicitor-interceptor.js';
import { isErrorResult } from '../../pipeline/error-result.js';
import { INPUT_REQUIRED_OUTCOME } from '../../pipeline/input-required-outcome.js';
import type { CallTraces } from './call-trace.js';
import { TracedInputChannel } from './traced-input-channel.js';

/**
 * Sits just inside the commit interceptor (and so inside the re-run model, whose input channel is in place
 * by then): wraps the channel to see `once` and pushed questions, and counts the `onCommit` work the handler
 * queued before the commit interceptor runs or drops it. Does nothing for a call that is not recorded.
 */
export class TraceProbeInterceptor implements ElicitorInterceptor {
  constructor(private readonly traces: CallTraces) {}

  intercept(call: CallInfo, next: () => Promise<unknown>): Promise<unknown> {
    const trace = this.traces.find(call);
    if (!trace) return next();
    const context = call.context;
    const channel = context[INPUT_CHANNEL];
    if (channel) context[INPUT_CHANNEL] = new TracedInputChannel(channel, trace, context.era === 'legacy');
    return next().then((result) => {
      if (result === INPUT_REQUIRED_OUTCOME) return result;
      trace.commitsQueued = context.commits.size;
      trace.handlerSucceeded = !isErrorResult(result);
      return result;
    });
  }
}
