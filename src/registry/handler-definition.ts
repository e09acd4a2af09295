import type { StandardSchema } from '../schema/standard-schema.js';
import type { ClassType } from '../metadata/class-type.js';
import type { FilterReference, GuardReference, HandlerLevels } from '../metadata/enhancer.metadata.js';
import type { InterceptorReference } from '../metadata/interceptor.metadata.js';
import type { ParameterKind } from '../metadata/parameter.metadata.js';
import type { CallKind } from '../metadata/call-kind.js';

/** Everything about one handler method that can be known before any request arrives. */
export interface HandlerDefinition {
  readonly kind: CallKind;
  readonly name: string;
  readonly handlerClass: ClassType;
  readonly handlerName: string;
  /** What each parameter position receives, by index. */
  readonly parameters: readonly (ParameterKind | undefined)[];
  /** The `@Args()` DTO class, when the handler takes one. */
  readonly argsClass: ClassType | undefined;
  /** The `@Args(schema)` Standard Schema, when the handler's arguments are declared with one instead. */
  readonly argsSchema: StandardSchema | undefined;
  /** Class-level then method-level interceptors. */
  readonly interceptors: readonly InterceptorReference[];
  /** `@UseGuards()` of the class and of the method. */
  readonly guards: HandlerLevels<GuardReference>;
  /** `@UseFilters()` of the class and of the method. */
  readonly filters: HandlerLevels<FilterReference>;
}
