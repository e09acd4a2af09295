import type { Tool } from '@modelcontextprotocol/server';
import type { ClassType } from '../metadata/class-type.js';
import type { ToolMetadata } from '../metadata/tool.metadata.js';
import { buildInputSchema } from '../schema/input-schema.builder.js';
import { buildStandardObjectSchema } from '../schema/standard-input-schema.builder.js';
import { isStandardSchema } from '../schema/standard-schema.js';
import { deepFreeze } from '../shared/deep-freeze.js';
import { readHandlerDefinition } from './handler-definition.reader.js';
import type { HandlerDefinition } from './handler-definition.js';
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
  const owner = `${handlerClass.name}.${methodName}`;
  const inputSchema = options.inputSchema ?? argumentsSchema(handler, `${owner} @Args()`);
  const listEntry: Record<string, unknown> = { name, description: options.description, inputSchema };
  if (options.title) listEntry.title = options.title;
  if (options.annotations) listEntry.annotations = options.annotations;
  const output = options.output;
  const outputStandardSchema = isStandardSchema(output) ? output : undefined;
  if (outputStandardSchema) {
    listEntry.outputSchema = buildStandardObjectSchema(outputStandardSchema, `${owner} output`, 'output');
  } else if (output) {
    listEntry.outputSchema = buildInputSchema(output as ClassType);
  }
  if (options._meta) listEntry._meta = options._meta;
  if (options.ui !== undefined) {
    const ui = buildToolUiMeta(handlerClass, methodName, options.ui);
    listEntry._meta = { ...options._meta, ui };
  }
  return {
    ...handler,
    kind: 'tool',
    listEntry: deepFreeze(listEntry) as unknown as Tool,
    outputClass: outputStandardSchema ? undefined : (output as ClassType | undefined),
    outputStandardSchema,
    task: options.task,
  };
}

/** The `inputSchema` the handler's `@Args()` declares: from its Standard Schema, its class, or none. */
function argumentsSchema(handler: HandlerDefinition, owner: string): object {
  if (handler.argsSchema) return buildStandardObjectSchema(handler.argsSchema, owner, 'input');
  return handler.argsClass ? buildInputSchema(handler.argsClass) : EMPTY_INPUT_SCHEMA;
}
