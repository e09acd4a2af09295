import type { Span } from '@opentelemetry/api';
import type { CallInfo } from '../../pipeline/call-info.js';

/** What the tracing interceptors learn about one recorded call, shared between them. */
export interface CallTrace {
  readonly span: Span;
  /** Keys of the questions pushed to a legacy client, in order. */
  readonly pushedKeys: string[];
  /** `onCommit` work queued by the handler, counted once its result is known. */
  commitsQueued: number;
  /** Whether the handler's own result (before commits ran) was a success. */
  handlerSucceeded: boolean;
}

/** Recorded calls, found by the call object the whole interceptor chain shares. */
export class CallTraces {
  private readonly traces = new WeakMap<CallInfo, CallTrace>();

  start(call: CallInfo, span: Span): CallTrace {
    const trace: CallTrace = { span, pushedKeys: [], commitsQueued: 0, handlerSucceeded: false };
    this.traces.set(call, trace);
    return trace;
  }

  find(call: CallInfo): CallTrace | undefined {
    return this.traces.get(call);
  }

  /** Puts an error the handler threw, which the client only sees as an error result, on the call's span. */
  recordException(call: CallInfo, error: unknown): void {
    const trace = this.traces.get(call);
    if (trace && error instanceof Error) trace.span.recordException(error);
  }
}
