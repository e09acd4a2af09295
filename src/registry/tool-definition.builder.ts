import type { Tool } from '@modelcontextprotocol/server';
import type { ClassType } from '../metadata/class-type.js';
import type { ToolMetadata } from '../metadata/tool.metadata.js';
import { buildInputSchema } from '../schema/input-schema.builder.js';
import { deepFreeze } from '../shared/deep-freeze.js';
import { readHandlerDefinition } from './handler-definition.reader.js';
import type { ToolDefinition } from './tool-definition.js';
import { buildToolUiMeta } from './tool-ui-meta.builder.js';
import { toSnakeCase } from './tool-name.js';

const EMPTY_INPUT_SCHEMA = Object.freeze({ type: 'object', properties: {}, additionalProperties: false });

export function buildToolDefinition(
  handlerClass: ClassType,
  metadata: ToolMetadata,
  prefix: string,
): ToolDefinition {
  const { options, methodName } = metadata;
  const name = prefix + (options.name ?? toSnakeCase(methodName));
  const handler = readHandlerDefinition('tool', name, handlerClass, methodName);
  const inputSchema =
    options.inputSchema ?? (handler.argsClass ? buildInputSchema(handler.argsClass) : EMPTY_INPUT_SCHEMA);
  const listEntry: Record<string, unknown> = { name, description: options.description, inputSchema };
  if (options.title) listEntry.title = options.title;
  if (options.annotations) listEntry.annotations = options.annotations;
  if (options.output) listEntry.outputSchema = buildInputSchema(options.output);
  if (options._meta) listEntry._meta = options._meta;
  if (options.ui !== undefined) {
    const ui = buildToolUiMeta(handlerClass, methodName, options.ui);
    listEntry._meta = { ...options._meta, ui };
  }
  return {
    ...handler,
    kind: 'tool',
    listEntry: deepFreeze(listEntry) as unknown as Tool,
    outputClass: options.output,
    task: options.task,
  };
}
