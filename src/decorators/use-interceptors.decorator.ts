import 'reflect-metadata';
import { MetadataKeys } from '../metadata/metadata-keys.js';
import type { InterceptorReference } from '../metadata/interceptor.metadata.js';
import { legacyDecorator } from './decorator-call.check.js';

/** Wraps every handler of a class, or one handler, in the given interceptors (outermost first). */
export function UseInterceptors(...interceptors: InterceptorReference[]): ClassDecorator & MethodDecorator {
  return legacyDecorator('@UseInterceptors()', (target: object, propertyKey?: string | symbol) => {
    if (propertyKey === undefined) {
      const current =
        (Reflect.getOwnMetadata(MetadataKeys.interceptors, target) as InterceptorReference[]) ?? [];
      Reflect.defineMetadata(MetadataKeys.interceptors, [...current, ...interceptors], target);
    } else {
      const current =
        (Reflect.getOwnMetadata(MetadataKeys.interceptors, target, propertyKey) as InterceptorReference[]) ??
        [];
      Reflect.defineMetadata(MetadataKeys.interceptors, [...current, ...interceptors], target, propertyKey);
    }
  }) as ClassDecorator & MethodDecorator;
}
