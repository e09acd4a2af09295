import { SchemaDefinitionError } from '../errors/schema-definition.error.js';
import type { ClassType } from '../metadata/class-type.js';
import type { ResourceMetadata } from '../metadata/resource.metadata.js';
import { readHandlerDefinition } from './handler-definition.reader.js';
import type { ResourceDefinition } from './resource-definition.js';

export function buildResourceDefinition(
  handlerClass: ClassType,
  metadata: ResourceMetadata,
): ResourceDefinition {
  const { options, methodName } = metadata;
  const address = options.uri ?? options.uriTemplate;
  if (!address || (options.uri && options.uriTemplate)) {
    throw new SchemaDefinitionError(
      handlerClass.name,
      methodName,
      '@Resource() needs exactly one of `uri` or `uriTemplate`',
    );
  }
  const handler = readHandlerDefinition('resource', address, handlerClass, methodName);
  const entry: Record<string, unknown> = { name: options.name ?? methodName };
  if (options.title) entry.title = options.title;
  if (options.description) entry.description = options.description;
  if (options.mimeType) entry.mimeType = options.mimeType;
  if (options.uri) {
    return {
      ...handler,
      kind: 'resource',
      listEntry: Object.freeze({ uri: options.uri, ...entry }) as ResourceDefinition['listEntry'],
      templateEntry: undefined,
    };
  }
  return {
    ...handler,
    kind: 'resource',
    listEntry: undefined,
    templateEntry: Object.freeze({
      uriTemplate: options.uriTemplate,
      ...entry,
    }) as ResourceDefinition['templateEntry'],
  };
}
