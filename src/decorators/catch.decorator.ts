import 'reflect-metadata';
import type { ErrorType } from '../metadata/enhancer.metadata.js';
import { MetadataKeys } from '../metadata/metadata-keys.js';

/** Marks an exception filter class with the errors it handles; `@Catch()` with no types handles all. */
export function Catch(...types: ErrorType[]): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(MetadataKeys.catches, [...types], target);
  };
}
