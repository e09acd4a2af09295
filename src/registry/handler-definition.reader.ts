import 'reflect-metadata';
import { SchemaDefinitionError } from '../errors/schema-definition.error.js';
import type { ClassType } from '../metadata/class-type.js';
import type { HandlerLevels } from '../metadata/enhancer.metadata.js';
import type { InterceptorReference } from '../metadata/interceptor.metadata.js';
import { MetadataKeys } from '../metadata/metadata-keys.js';
import { readMethodList } from '../metadata/metadata-reader.js';
import type { ParameterKind, ParameterMetadata } from '../metadata/parameter.metadata.js';
import type { CallKind } from '../metadata/call-kind.js';
import { EMIT_DECORATOR_METADATA_HINT } from '../schema/decorator-metadata-hint.js';
import { isStandardSchema } from '../schema/standard-schema.js';
import type { HandlerDefinition } from './handler-definition.js';

const PRIMITIVE_TYPES: readonly unknown[] = [String, Number, Boolean, Object, Array, Promise];

/** Reads what the decorators recorded about one handler method. */
export function readHandlerDefinition(
  kind: CallKind,
  name: string,
  handlerClass: ClassType,
  handlerName: string,
): HandlerDefinition {
  const prototype = handlerClass.prototype as object;
  if (typeof (prototype as Record<string, unknown>)[handlerName] !== 'function') {
    throw new SchemaDefinitionError(handlerClass.name, handlerName, 'is not a method');
  }
  const recorded = readMethodList<ParameterMetadata>(MetadataKeys.parameters, prototype, handlerName);
  const parameters: (ParameterKind | undefined)[] = [];
  for (const entry of recorded) parameters[entry.index] = entry.kind;
  const argsIndex = parameters.indexOf('args');
  const argsSchema = recorded.find((entry) => entry.kind === 'args')?.schema;
  if (argsSchema !== undefined && !isStandardSchema(argsSchema)) {
    throw new SchemaDefinitionError(
      handlerClass.name,
      handlerName,
      '@Args(schema) needs a Standard Schema (zod 4.2+, Valibot, ArkType); for a class, write @Args() and type the parameter',
    );
  }
  let argsClass: ClassType | undefined;
  // A Standard Schema declares the arguments itself: no class, so no need for decorator metadata.
  if (argsIndex >= 0 && argsSchema === undefined) {
    const types = Reflect.getMetadata('design:paramtypes', prototype, handlerName) as unknown[] | undefined;
    if (types === undefined) {
      throw new SchemaDefinitionError(
        handlerClass.name,
        handlerName,
        `@Args() cannot see the parameter's class: ${EMIT_DECORATOR_METADATA_HINT}`,
      );
    }
    const type = types[argsIndex];
    if (typeof type !== 'function' || PRIMITIVE_TYPES.includes(type)) {
      throw new SchemaDefinitionError(
        handlerClass.name,
        handlerName,
        '@Args() needs a DTO class as its declared type (an interface, union or inline type has no runtime class)',
      );
    }
    argsClass = type as ClassType;
  }
  const classInterceptors =
    (Reflect.getMetadata(MetadataKeys.interceptors, handlerClass) as InterceptorReference[] | undefined) ??
    [];
  const methodInterceptors =
    (Reflect.getMetadata(MetadataKeys.interceptors, prototype, handlerName) as
      InterceptorReference[] | undefined) ?? [];
  return {
    kind,
    name,
    handlerClass,
    handlerName,
    parameters,
    argsClass,
    argsSchema,
    interceptors: [...classInterceptors, ...methodInterceptors],
    guards: readLevels(MetadataKeys.guards, handlerClass, handlerName),
    filters: readLevels(MetadataKeys.filters, handlerClass, handlerName),
  };
}

/** What one enhancer decorator recorded on the class (inherited along its chain) and on the method. */
function readLevels<T>(key: symbol, handlerClass: ClassType, handlerName: string): HandlerLevels<T> {
  return {
    class: (Reflect.getMetadata(key, handlerClass) as T[] | undefined) ?? [],
    method:
      (Reflect.getMetadata(key, handlerClass.prototype as object, handlerName) as T[] | undefined) ?? [],
  };
}
