import type { UiResourceReference } from './ui-resource.metadata.js';

/** What `@ElicitSchema()` accepts. Not sent in the form schema; available to whoever builds the request. */
export interface ElicitSchemaOptions {
  title?: string;
  description?: string;
  /**
   * The MCP App that renders this form where the host can (all four conditions of app-rendered
   * questions); everywhere else the form itself is asked. `withApp(...)` on a question overrides it.
   */
  app?: UiResourceReference;
}

/** What `@ElicitSchema()` recorded on a class. */
export type ElicitSchemaMetadata = Readonly<ElicitSchemaOptions>;
