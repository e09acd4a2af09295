import 'reflect-metadata';
import type { ErrorType } from '../metadata/enhancer.metadata.js';
import { MetadataKeys } from '../metadata/metadata-keys.js';
import { legacyDecorator } from './decorator-call.check.js';

/** Marks an exception filter class with the errors it handles; `@Catch()` with no types handles all. */
export function Catch(...types: ErrorType[]): ClassDecorator {
  return legacyDecorator<ClassDecorator>('@Catch()', (target) => {
    Reflect.defineMetadata(MetadataKeys.catches, [...types], target);
  });
}
