import type { HandlerRegistry } from '../../registry/handler-registry.js';
import type { PromptDefinition } from '../../registry/prompt-definition.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import type { ToolDefinition } from '../../registry/tool-definition.js';

/** One handler of any kind; `kind` tells which. */
export type RegisteredHandler = ToolDefinition | PromptDefinition | ResourceDefinition;

/** Every handler of the registry: tools, prompts, fixed resources, then resource templates. */
export function registeredHandlers(registry: HandlerRegistry): RegisteredHandler[] {
  return [
    ...registry.tools.values(),
    ...registry.prompts.values(),
    ...registry.resources.values(),
    ...registry.resourceTemplates,
  ];
}
