import type { RequestScope } from '../../di/request-scope.js';
import type { CallInfo } from '../../pipeline/call-info.js';
import type { HandlerDefinition } from '../../registry/handler-definition.js';

type HandlerMethod = (...args: unknown[]) => unknown;

/**
 * Calls the handler method on this request's instance, each parameter given what it asked for. Always
 * settles through a promise; an async handler's own promise is passed on as it is, not wrapped again.
 */
export function invokeHandler(
  definition: HandlerDefinition,
  scope: RequestScope,
  call: CallInfo,
): Promise<unknown> {
  try {
    const instance = scope.get(definition.handlerClass) as Record<string, HandlerMethod>;
    const kinds = definition.parameters;
    const values = new Array<unknown>(kinds.length);
    for (let i = 0; i < kinds.length; i++) {
      const kind = kinds[i];
      values[i] = kind === 'args' ? call.args : kind === 'ctx' ? call.context : undefined;
    }
    const result = instance[definition.handlerName]!.apply(instance, values);
    return result instanceof Promise ? result : Promise.resolve(result);
  } catch (error) {
    return Promise.reject(error as Error);
  }
}
