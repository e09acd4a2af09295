import { MetadataKeys } from '../metadata/metadata-keys.js';
import { appendClassList } from '../metadata/metadata-reader.js';
import type { ResourceMetadata, ResourceOptions } from '../metadata/resource.metadata.js';
import { legacyDecorator } from './decorator-call.check.js';

/** Exposes a method of a `@Tools()` class as an MCP resource or resource template (`resources/read`). */
export function Resource(options: ResourceOptions): MethodDecorator {
  return legacyDecorator<MethodDecorator>('@Resource()', (prototype, propertyKey) => {
    const entry: ResourceMetadata = { methodName: String(propertyKey), options };
    appendClassList(MetadataKeys.resourceMethods, prototype.constructor, entry);
  });
}
