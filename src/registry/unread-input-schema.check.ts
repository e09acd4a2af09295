import { isRecord } from '../shared/is-record.js';
import type { ToolDefinition } from './tool-definition.js';

/**
 * One startup warning per tool whose raw `inputSchema` describes arguments its handler never takes: with
 * no `@Args()` parameter nothing validates a call against that schema and the handler sees no argument.
 * A warning, not a refusal: a schema may be listed on purpose for a handler that needs none of it.
 */
export function unreadInputSchemaWarnings(tools: Iterable<ToolDefinition>): string[] {
  const warnings: string[] = [];
  for (const tool of tools) {
    if (tool.parameters.includes('args')) continue;
    const described = describedArguments(tool.listEntry.inputSchema);
    if (described.length === 0) continue;
    warnings.push(
      `tool ${tool.name} (${tool.handlerClass.name}.${tool.handlerName}): its inputSchema lists arguments (${described.join(', ')}) but the handler has no @Args() parameter, so calls are not validated against it and the handler never receives them; add @Args(schema) with a Zod, Valibot or ArkType schema (it is listed and validates each call) or @Args() with a class, and keep inputSchema only to publish what the schema cannot express`,
    );
  }
  return warnings;
}

/** The argument names a schema declares, by `properties` or `required`. */
function describedArguments(schema: unknown): string[] {
  if (!isRecord(schema)) return [];
  const names = new Set<string>();
  if (isRecord(schema.properties)) for (const name of Object.keys(schema.properties)) names.add(name);
  if (Array.isArray(schema.required)) {
    for (const name of schema.required) if (typeof name === 'string') names.add(name);
  }
  return [...names];
}
