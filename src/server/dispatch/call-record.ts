import type { Context } from '../../context/context.js';
import type { RequestEnvironment } from '../../context/request-environment.js';
import type { RequestScope } from '../../di/request-scope.js';
import type { CallKind } from '../../metadata/call-kind.js';
import type { ClassType } from '../../metadata/class-type.js';
import { REQUEST_ENVIRONMENT } from '../../pipeline/call-info.js';
import { ENHANCER_RESOLVER } from '../../pipeline/enhancer-resolver.js';
import { INPUT_REQUIRED_SIGNAL, type SignalPassingCall } from '../../pipeline/input-required-outcome.js';
import type { HandlerDefinition } from '../../registry/handler-definition.js';

/**
 * The `CallInfo` interceptors see: every field set from the start, so they meet one object shape.
 * A class rather than an object literal, because V8 may decide that a literal's allocation site
 * outlives the young generation and allocate it in the old one from then on. A call that waits for
 * its client (a 2025 question) then leaves a dead old object holding its context, scope and params,
 * which keeps all of them alive through young collections until a full one.
 */
export class CallRecord implements SignalPassingCall {
  readonly kind: CallKind;
  readonly name: string;
  readonly handlerClass: ClassType;
  readonly handlerName: string;
  readonly arguments: Record<string, unknown>;
  args: unknown = undefined;
  readonly [ENHANCER_RESOLVER]: RequestScope;
  readonly [REQUEST_ENVIRONMENT]: RequestEnvironment;
  [INPUT_REQUIRED_SIGNAL]: unknown = undefined;

  constructor(
    definition: HandlerDefinition,
    name: string,
    callArguments: Record<string, unknown>,
    readonly params: Record<string, unknown>,
    readonly context: Context,
    scope: RequestScope,
    environment: RequestEnvironment,
  ) {
    this.kind = definition.kind;
    this.name = name;
    this.arguments = callArguments;
    this.handlerClass = definition.handlerClass;
    this.handlerName = definition.handlerName;
    this[ENHANCER_RESOLVER] = scope;
    this[REQUEST_ENVIRONMENT] = environment;
  }
}
