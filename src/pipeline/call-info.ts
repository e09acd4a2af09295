import type { Context } from '../context/context.js';
import type { RequestEnvironment } from '../context/request-environment.js';
import type { ClassType } from '../metadata/class-type.js';

export type { CallKind } from '../metadata/call-kind.js';
import type { CallKind } from '../metadata/call-kind.js';
import type { ENHANCER_RESOLVER, EnhancerResolver } from './enhancer-resolver.js';

/** The key under which a call carries what its transport knows of the request (the legacy peer among it). */
export const REQUEST_ENVIRONMENT = Symbol('elicitor.requestEnvironment');

/** What an interceptor sees of one call. */
export interface CallInfo {
  readonly kind: CallKind;
  /** Tool or prompt name, or the resource URI. */
  readonly name: string;
  /** The raw arguments as sent (for resources: the URI template variables). */
  readonly arguments: Record<string, unknown>;
  /** The request's params as sent, including `inputResponses` and `requestState` on modern retries. */
  readonly params: Record<string, unknown>;
  readonly context: Context;
  readonly handlerClass: ClassType;
  readonly handlerName: string;
  /** Set by argument validation: the DTO instance the handler receives. */
  args?: unknown;
  /** Builds guard and filter classes for this request. @internal */
  readonly [ENHANCER_RESOLVER]?: EnhancerResolver;
  /** Set by the dispatcher: an era's input interceptor builds its channel from it. @internal */
  readonly [REQUEST_ENVIRONMENT]?: RequestEnvironment;
}
