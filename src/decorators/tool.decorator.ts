import { MetadataKeys } from '../metadata/metadata-keys.js';
import { appendClassList } from '../metadata/metadata-reader.js';
import type { ToolMetadata, ToolOptions } from '../metadata/tool.metadata.js';

/** Exposes a method of a `@Tools()` class as an MCP tool. */
export function Tool(options: ToolOptions): MethodDecorator {
  return (prototype, propertyKey) => {
    const entry: ToolMetadata = { methodName: String(propertyKey), options };
    appendClassList(MetadataKeys.toolMethods, prototype.constructor, entry);
  };
}
