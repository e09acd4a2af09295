import type { Resource, ResourceTemplateType as ResourceTemplate } from '@modelcontextprotocol/server';
import type { HandlerDefinition } from './handler-definition.js';
import type { UriTemplateMatcher } from './uri-template.matcher.js';

export interface ResourceDefinition extends HandlerDefinition {
  readonly kind: 'resource';
  /** Present for a fixed resource. */
  readonly listEntry: Resource | undefined;
  /** Present for a resource template. */
  readonly templateEntry: ResourceTemplate | undefined;
  readonly matcher: UriTemplateMatcher | undefined;
}
