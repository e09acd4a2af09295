import type { RequestScope } from '../../di/request-scope.js';
import type { CallInfo } from '../../pipeline/call-info.js';
import type { HandlerDefinition } from '../../registry/handler-definition.js';

/** Calls the handler method on this request's instance, each parameter given what it asked for. */
export async function invokeHandler(
  definition: HandlerDefinition,
  scope: RequestScope,
  call: CallInfo,
): Promise<unknown> {
  const instance = scope.get(definition.handlerClass) as Record<string, (...args: unknown[]) => unknown>;
  const values = definition.parameters.map((kind) =>
    kind === 'args' ? call.args : kind === 'ctx' ? call.context : undefined,
  );
  return instance[definition.handlerName]!(...values);
}
