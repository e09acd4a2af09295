import { McpProtocolError } from '../errors/protocol.error.js';
import { UserError } from '../errors/user.error.js';
import type { CallInfo } from './call-info.js';
import type { ElicitorInterceptor } from './elicitor-interceptor.js';
import { isErrorResult, toToolErrorResult } from './error-result.js';

/**
 * Runs the `onCommit` queue exactly when the handler reached a final, non-error result. Anything else
 * (a thrown error, an error result, a round that needs input) drops the queue. A failing commit becomes
 * the call's error.
 */
export class CommitInterceptor implements ElicitorInterceptor {
  constructor(private readonly onCommitFailure: (error: unknown) => void) {}

  async intercept(call: CallInfo, next: () => Promise<unknown>): Promise<unknown> {
    const commits = call.context.commits;
    let result: unknown;
    try {
      result = await next();
    } catch (error) {
      commits.discard();
      throw error;
    }
    if (isErrorResult(result) || call.context.aborted) {
      commits.discard();
      return result;
    }
    try {
      const running = commits.run();
      if (running) await running;
    } catch (error) {
      if (!(error instanceof UserError)) this.onCommitFailure(error);
      if (call.kind === 'tool') return toToolErrorResult(error);
      if (error instanceof McpProtocolError) throw error;
      throw new McpProtocolError(-32603, error instanceof UserError ? error.message : 'Internal error');
    }
    return result;
  }
}
