import { MetadataKeys } from '../metadata/metadata-keys.js';
import { appendClassList } from '../metadata/metadata-reader.js';
import type { PromptMetadata, PromptOptions } from '../metadata/prompt.metadata.js';
import { legacyDecorator } from './decorator-call.check.js';

/** Exposes a method of a `@Tools()` class as an MCP prompt (`prompts/get`). */
export function Prompt(options: PromptOptions = {}): MethodDecorator {
  return legacyDecorator<MethodDecorator>('@Prompt()', (prototype, propertyKey) => {
    const entry: PromptMetadata = { methodName: String(propertyKey), options };
    appendClassList(MetadataKeys.promptMethods, prototype.constructor, entry);
  });
}
