import type { RequestScope } from '../../di/request-scope.js';
import type { CallInfo } from '../../pipeline/call-info.js';
import type { HandlerDefinition } from '../../registry/handler-definition.js';
import { callAsPromise } from '../../shared/call-as-promise.js';

/**
 * Calls the handler method on this request's instance, each parameter given what it asked for. Always
 * settles through a promise; an async handler's own promise is passed on as it is, not wrapped again.
 */
export function invokeHandler(
  definition: HandlerDefinition,
  scope: RequestScope,
  call: CallInfo,
): Promise<unknown> {
  return callAsPromise(() => {
    const instance = scope.get(definition.handlerClass) as Record<string, (...args: unknown[]) => unknown>;
    const values = definition.parameters.map((kind) =>
      kind === 'args' ? call.args : kind === 'ctx' ? call.context : undefined,
    );
    return instance[definition.handlerName]!(...values);
  });
}
