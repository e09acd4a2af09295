import 'reflect-metadata';
import { injectable } from 'inversify';
import { MetadataKeys } from '../metadata/metadata-keys.js';
import type { ToolsClassOptions } from '../metadata/tools-class.metadata.js';
import { legacyDecorator } from './decorator-call.check.js';

/** Marks a class as a provider of tools, prompts and resources; it is resolved per request from the container. */
export function Tools(options: ToolsClassOptions = {}): ClassDecorator {
  return legacyDecorator<ClassDecorator>('@Tools()', (target) => {
    Reflect.defineMetadata(MetadataKeys.toolsClass, options, target);
    injectable()(target);
  });
}
