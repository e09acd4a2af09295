import { ForbiddenError } from '../errors/forbidden.error.js';
import { JsonRpcErrorCode } from '../errors/json-rpc-error-codes.js';
import { McpProtocolError } from '../errors/protocol.error.js';
import type { ResultValueError } from '../errors/result-value.error.js';
import { UserError } from '../errors/user.error.js';
import type { CallInfo } from './call-info.js';
import { ENHANCER_RESOLVER, resolveEnhancer } from './enhancer-resolver.js';
import { toToolErrorResult } from './error-result.js';
import type { ExceptionFilter } from './exception-filter.js';
import type { ExceptionFilterSet } from './exception-filter-set.js';

/**
 * What a failed call answers: the first matching exception filter decides, and without one the default
 * applies. A tool gets an error result (a `UserError` or a guard's refusal shows its message, anything else
 * is logged and reported generically); a prompt or resource read gets a JSON-RPC error. Control-flow
 * signals never reach here: callers let them through first.
 */
export class FailureRecovery {
  constructor(
    private readonly filters: ExceptionFilterSet,
    private readonly onUnexpectedError: (error: unknown, call: CallInfo) => void,
  ) {}

  /** The value to map as the call's result, or a thrown `McpProtocolError`. */
  async recover(error: unknown, call: CallInfo): Promise<unknown> {
    const match = this.filters.size ? this.filters.find(error) : undefined;
    if (match === undefined) return this.byDefault(error, call);
    const resolver = call[ENHANCER_RESOLVER];
    try {
      const filter = resolver
        ? resolveEnhancer<ExceptionFilter>(match.reference, resolver)
        : (match.reference as ExceptionFilter);
      return await filter.catch(error, call.context, call);
    } catch (failure) {
      // A filter may answer with a protocol error; anything else it throws gets the default treatment.
      if (failure instanceof McpProtocolError) throw failure;
      return this.byDefault(failure, call);
    }
  }

  /**
   * A tool's return value JSON cannot carry, whether the handler or a filter returned it: logged, and
   * answered with its message. No filter is asked, so a filter's own bad value cannot loop.
   */
  refuseResult(error: ResultValueError, call: CallInfo): unknown {
    this.onUnexpectedError(error, call);
    return toToolErrorResult(error);
  }

  private byDefault(error: unknown, call: CallInfo): unknown {
    if (error instanceof ForbiddenError) {
      if (call.kind === 'tool') return { content: [{ type: 'text', text: error.message }], isError: true };
      throw new McpProtocolError(JsonRpcErrorCode.InvalidRequest, error.message, {
        reason: 'forbidden',
        ...(error.missingScopes.length ? { missingScopes: error.missingScopes } : {}),
      });
    }
    if (!(error instanceof UserError)) this.onUnexpectedError(error, call);
    if (call.kind === 'tool') return toToolErrorResult(error);
    throw new McpProtocolError(
      JsonRpcErrorCode.InternalError,
      error instanceof UserError ? error.message : 'Internal error',
    );
  }
}
