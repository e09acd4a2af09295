import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { ClassType } from './class-type.js';
import type { ToolUiOptions } from './ui-resource.metadata.js';

/**
 * How a tool runs as a task (the Tasks extension): `optional` makes a task for a client that declares the
 * extension and answers in the call otherwise; `required` refuses a client that does not declare it;
 * `per-call` runs the call in place until the handler calls `ctx.continueAsTask()`, where a task begins
 * for a client that declares the extension (listed as `optional`).
 */
export type ToolTaskMode = 'optional' | 'required' | 'per-call';

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
  /**
   * A class or a Standard Schema describing `structuredContent`; a returned object then becomes structured
   * output. With a Standard Schema, the object is also checked against it before it is sent.
   */
  output?: ClassType | StandardSchemaV1;
  /**
   * A raw JSON Schema listed as is instead of the one built from `@Args()`, which still validates the call and
   * hands the arguments over. A Standard Schema here is refused at startup (give it to `@Args(schema)`), and a
   * schema listing arguments for a handler without an `@Args()` parameter is warned of at startup.
   */
  inputSchema?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
  /** Runs the tool as a durable task, polled with `tasks/get`; see {@link ToolTaskMode}. */
  task?: ToolTaskMode;
  /**
   * The MCP App that shows this tool's result: a `@UiResource()` class or its `ui://` URI, or
   * `{ resource, visibility }`; `visibility: ['app']` hides the tool from the model, for the app to call.
   * Listed as `_meta.ui`. The result's text `content` is still what a host without apps shows.
   */
  ui?: ToolUiOptions;
}

export interface ToolMetadata {
  methodName: string;
  options: ToolOptions;
}
