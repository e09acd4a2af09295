import type { Tool } from '@modelcontextprotocol/server';
import { SchemaDefinitionError } from '../errors/schema-definition.error.js';
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
  if (isSchemaObject(options.inputSchema)) {
    // Only @Args() reaches the handler: a schema here would be listed but never parse a call.
    throw new SchemaDefinitionError(
      handlerClass.name,
      methodName,
      '@Tool({ inputSchema }) takes a raw JSON Schema, not a Standard Schema: give the schema to @Args(schema) on the handler parameter instead, which lists it, validates each call and passes the parsed arguments',
    );
  }
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

/**
 * Whether an `inputSchema` is a library's schema object rather than a JSON Schema document. Zod's
 * `z.toJSONSchema()` output carries a hidden `~standard` too, yet it is a plain JSON document: kept.
 */
function isSchemaObject(value: unknown): boolean {
  if (!isStandardSchema(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  const plain = prototype === Object.prototype || prototype === null;
  return !plain || Object.prototype.propertyIsEnumerable.call(value, '~standard');
}
