import type { Prompt } from '@modelcontextprotocol/server';
import type { ClassType } from '../metadata/class-type.js';
import type { PromptMetadata } from '../metadata/prompt.metadata.js';
import { buildInputSchema } from '../schema/input-schema.builder.js';
import { buildStandardObjectSchema } from '../schema/standard-input-schema.builder.js';
import { readHandlerDefinition } from './handler-definition.reader.js';
import type { PromptDefinition } from './prompt-definition.js';
import { toSnakeCase } from './tool-name.js';

interface SchemaProperty {
  description?: string;
}

export function buildPromptDefinition(handlerClass: ClassType, metadata: PromptMetadata): PromptDefinition {
  const { options, methodName } = metadata;
  const name = options.name ?? toSnakeCase(methodName);
  const handler = readHandlerDefinition('prompt', name, handlerClass, methodName);
  const listEntry: Record<string, unknown> = { name };
  if (options.title) listEntry.title = options.title;
  if (options.description) listEntry.description = options.description;
  const promptArguments =
    options.arguments ??
    argumentsFromSchema(
      handler.argsSchema
        ? buildStandardObjectSchema(handler.argsSchema, `${handlerClass.name}.${methodName} @Args()`)
        : handler.argsClass && buildInputSchema(handler.argsClass),
    );
  if (promptArguments.length) listEntry.arguments = promptArguments;
  return { ...handler, kind: 'prompt', listEntry: Object.freeze(listEntry) as unknown as Prompt };
}

/** Prompt arguments listed from the `@Args()` schema's properties, when none are given explicitly. */
function argumentsFromSchema(argsSchema: object | undefined): Array<Record<string, unknown>> {
  if (!argsSchema) return [];
  const schema = argsSchema as {
    properties?: Record<string, SchemaProperty>;
    required?: string[];
  };
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    ...(property.description ? { description: property.description } : {}),
    required: required.has(name),
  }));
}
