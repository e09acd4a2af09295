/** What `@Tools()` applies to every tool of the class. */
export interface ToolsClassOptions {
  /** Prefix added to every tool name of the class, e.g. `github_`. */
  prefix?: string;
}
