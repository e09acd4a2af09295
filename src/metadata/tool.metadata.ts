import type { ClassType } from './class-type.js';

/** What users may say about a tool; `name` defaults to the snake_case of the method name. */
export interface ToolOptions {
  name?: string;
  title?: string;
  description: string;
  annotations?: {
    title?: string;
    readOnlyHint?: boolean;
    destructiveHint?: boolean;
    idempotentHint?: boolean;
    openWorldHint?: boolean;
  };
  /** A class describing `structuredContent`; a returned object then becomes structured output. */
  output?: ClassType;
  /** A raw JSON Schema used as is instead of one built from the `@Args()` class. */
  inputSchema?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

export interface ToolMetadata {
  methodName: string;
  options: ToolOptions;
}
