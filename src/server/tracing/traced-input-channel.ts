import type {
  CreateMessageRequestParams,
  CreateMessageResult,
  ListRootsResult,
} from '@modelcontextprotocol/server';
import type { ElicitResult } from '../../context/elicit-result.js';
import type { ElicitationRequest } from '../../context/elicitation-request.js';
import type { InputChannel, InputOptions, OnceEffect } from '../../context/input-channel.js';
import { TraceAttributes, TraceEvents } from './trace-attributes.js';
import type { CallTrace } from './call-trace.js';

/**
 * Wraps a call's input channel to record what it does on the call's span: `once` effects (run, replayed
 * from an earlier round, or failed), and on legacy the keys of the questions pushed to the client.
 */
export class TracedInputChannel implements InputChannel {
  constructor(
    private readonly inner: InputChannel,
    private readonly trace: CallTrace,
    private readonly pushes: boolean,
  ) {}

  get round(): number {
    return this.inner.round;
  }

  elicit<T>(
    key: string | undefined,
    request: ElicitationRequest,
    options: InputOptions,
  ): Promise<ElicitResult<T>> {
    this.pushed(key);
    return this.inner.elicit<T>(key, request, options);
  }

  sample(
    key: string | undefined,
    params: CreateMessageRequestParams,
    options: InputOptions,
  ): Promise<CreateMessageResult> {
    this.pushed(key);
    return this.inner.sample(key, params, options);
  }

  listRoots(key: string | undefined, options: InputOptions): Promise<ListRootsResult> {
    this.pushed(key);
    return this.inner.listRoots(key, options);
  }

  memo<T>(key: string, compute: () => T | Promise<T>): Promise<T> {
    return this.inner.memo(key, compute);
  }

  async once<T>(key: string, effect: OnceEffect<T>): Promise<T> {
    let ran = false;
    const observed: OnceEffect<T> = (info) => {
      ran = true;
      return effect(info);
    };
    try {
      const value = await this.inner.once(key, observed);
      this.onceEvent(key, ran ? 'run' : 'replayed');
      return value;
    } catch (error) {
      this.onceEvent(key, 'failed');
      throw error;
    }
  }

  /** The outcome rule (answers tied to the call) belongs to the channel this one wraps. */
  settleOutcome(): Promise<void> | undefined {
    return this.inner.settleOutcome?.();
  }

  private onceEvent(key: string, outcome: 'run' | 'replayed' | 'failed'): void {
    this.trace.span.addEvent(TraceEvents.once, {
      [TraceAttributes.onceKey]: key,
      [TraceAttributes.onceOutcome]: outcome,
    });
  }

  private pushed(key: string | undefined): void {
    if (this.pushes && key !== undefined) this.trace.pushedKeys.push(key);
  }
}
