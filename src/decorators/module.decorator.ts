import 'reflect-metadata';
import { MetadataKeys } from '../metadata/metadata-keys.js';
import type { ModuleMetadata } from '../metadata/module.metadata.js';
import { legacyDecorator } from './decorator-call.check.js';

/** Marks a class as a module: a unit of tools, providers and interceptors with its own imports and exports. */
export function Module(metadata: ModuleMetadata = {}): ClassDecorator {
  return legacyDecorator<ClassDecorator>('@Module()', (target) => {
    Reflect.defineMetadata(MetadataKeys.module, { ...metadata }, target);
  });
}

/** Makes a module's exports visible to every module, without importing it. */
export function Global(): ClassDecorator {
  return legacyDecorator<ClassDecorator>('@Global()', (target) => {
    Reflect.defineMetadata(MetadataKeys.globalModule, true, target);
  });
}
