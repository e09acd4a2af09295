import type { Tool } from '@modelcontextprotocol/server';
import type { StandardSchema } from '../schema/standard-schema.js';
import type { ClassType } from '../metadata/class-type.js';
import type { ToolTaskMode } from '../metadata/tool.metadata.js';
import type { HandlerDefinition } from './handler-definition.js';

export interface ToolDefinition extends HandlerDefinition {
  readonly kind: 'tool';
  /** The frozen `tools/list` entry. */
  readonly listEntry: Tool;
  readonly outputClass: ClassType | undefined;
  /** `output` given as a Standard Schema: `structuredContent` is checked against it before it is sent. */
  readonly outputStandardSchema: StandardSchema | undefined;
  /** Whether the tool runs as a task; undefined: it always answers in the call. */
  readonly task: ToolTaskMode | undefined;
}
