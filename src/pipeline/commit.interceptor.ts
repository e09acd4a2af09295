import { JsonRpcErrorCode } from '../errors/json-rpc-error-codes.js';
import { INPUT_CHANNEL } from '../context/context.js';
import { McpProtocolError } from '../errors/protocol.error.js';
import { StoreUnavailableError } from '../errors/store-unavailable.error.js';
import { UserError } from '../errors/user.error.js';
import type { CallInfo } from './call-info.js';
import type { ElicitorInterceptor } from './elicitor-interceptor.js';
import { isErrorResult, toToolErrorResult } from './error-result.js';
import { INPUT_REQUIRED_OUTCOME } from './input-required-outcome.js';

/**
 * Runs the `onCommit` queue exactly when the handler reached a final, non-error result, even if the
 * client has gone away meanwhile: the outcome is decided, so its commits run. Anything else (a thrown
 * error, an error result, a round that needs input) drops the queue. Before any final result counts,
 * the input channel settles it (on the modern wire: ties its answers to the call). A failing commit
 * becomes the call's error.
 */
export class CommitInterceptor implements ElicitorInterceptor {
  constructor(private readonly onCommitFailure: (error: unknown) => void) {}

  intercept(call: CallInfo, next: () => Promise<unknown>): Promise<unknown> {
    const commits = call.context.commits;
    const discard = (error: unknown): never => {
      commits.discard();
      throw error;
    };
    // A rejection passes through one handler: a failed round unwinds here once, not twice. A round that
    // needs input comes as a value (INPUT_REQUIRED_OUTCOME) and drops the queue the same way.
    let running: Promise<unknown>;
    try {
      running = next();
    } catch (error) {
      commits.discard();
      return Promise.reject(error as Error);
    }
    return running.then((result) => {
      if (result !== INPUT_REQUIRED_OUTCOME) return this.settle(call, result);
      commits.discard();
      return result;
    }, discard);
  }

  /**
   * Not an async function: a final round with nothing to settle and no commits (most calls) returns its
   * result as it is, without a frame, a promise and the extra turns of resolving one promise with another.
   */
  private settle(call: CallInfo, result: unknown): unknown {
    const commits = call.context.commits;
    let settling: Promise<void> | undefined;
    try {
      settling = call.context[INPUT_CHANNEL]?.settleOutcome?.();
    } catch (error) {
      commits.discard();
      throw error;
    }
    if (!settling) return this.runCommits(call, result);
    return settling.then(
      () => this.runCommits(call, result),
      (error: unknown) => {
        commits.discard();
        throw error;
      },
    );
  }

  private runCommits(call: CallInfo, result: unknown): unknown {
    const commits = call.context.commits;
    if (isErrorResult(result)) {
      commits.discard();
      return result;
    }
    let running: Promise<void> | undefined;
    try {
      running = commits.run();
    } catch (error) {
      return this.commitFailed(call, error);
    }
    if (!running) return result;
    return running.then(
      () => result,
      (error: unknown) => this.commitFailed(call, error),
    );
  }

  /**
   * A failed commit becomes the call's error: an error result for a tool, a protocol error otherwise. A
   * store that could not say which commits already ran fails the round itself, so the client retries it.
   */
  private commitFailed(call: CallInfo, error: unknown): unknown {
    if (error instanceof StoreUnavailableError) throw error;
    if (!(error instanceof UserError)) this.onCommitFailure(error);
    if (call.kind === 'tool') return toToolErrorResult(error);
    if (error instanceof McpProtocolError) throw error;
    throw new McpProtocolError(
      JsonRpcErrorCode.InternalError,
      error instanceof UserError ? error.message : 'Internal error',
    );
  }
}
