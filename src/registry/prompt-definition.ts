import type { Prompt } from '@modelcontextprotocol/server';
import type { HandlerDefinition } from './handler-definition.js';

export interface PromptDefinition extends HandlerDefinition {
  readonly kind: 'prompt';
  readonly listEntry: Prompt;
}
