import type { Resource, ResourceTemplateType as ResourceTemplate } from '@modelcontextprotocol/server';
import type { HandlerDefinition } from './handler-definition.js';

export interface ResourceDefinition extends HandlerDefinition {
  readonly kind: 'resource';
  /** Present for a fixed resource. */
  readonly listEntry: Resource | undefined;
  /** Present for a resource template; its `uriTemplate` is matched by the server's `ResourceLocator`. */
  readonly templateEntry: ResourceTemplate | undefined;
}
