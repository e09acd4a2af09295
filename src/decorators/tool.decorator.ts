import { MetadataKeys } from '../metadata/metadata-keys.js';
import { appendClassList } from '../metadata/metadata-reader.js';
import type { ToolMetadata, ToolOptions } from '../metadata/tool.metadata.js';
import { legacyDecorator } from './decorator-call.check.js';

/** Exposes a method of a `@Tools()` class as an MCP tool. */
export function Tool(options: ToolOptions): MethodDecorator {
  return legacyDecorator<MethodDecorator>('@Tool()', (prototype, propertyKey) => {
    const entry: ToolMetadata = { methodName: String(propertyKey), options };
    appendClassList(MetadataKeys.toolMethods, prototype.constructor, entry);
  });
}
