import { SchemaDefinitionError } from '../errors/schema-definition.error.js';
import type { ClassType } from '../metadata/class-type.js';
import { UiResourceMetadataStore } from '../metadata/ui-resource-metadata.store.js';
import type { ToolUiOptions, ToolVisibility } from '../metadata/ui-resource.metadata.js';
import { isRecord } from '../shared/is-record.js';
import { UI_URI_SCHEME } from '../shared/mcp-apps.constants.js';

const VISIBILITIES: ReadonlySet<string> = new Set<ToolVisibility>(['model', 'app']);

/** A tool's `_meta.ui`: the app that shows its result, and who may call it. */
export interface ToolUiMeta {
  resourceUri: string;
  visibility?: ToolVisibility[];
}

/** `@Tool({ ui })` as the tool's `_meta.ui`; refuses, naming the method, what MCP Apps cannot carry. */
export function buildToolUiMeta(handlerClass: ClassType, methodName: string, ui: ToolUiOptions): ToolUiMeta {
  const fail = (reason: string) =>
    new SchemaDefinitionError(handlerClass.name, methodName, `@Tool({ ui }): ${reason}`);
  const reference = typeof ui === 'object' && ui !== null && 'resource' in ui ? ui.resource : ui;
  const visibility = isRecord(ui) && 'resource' in ui ? ui.visibility : undefined;
  const resourceUri =
    typeof reference === 'string' || typeof reference === 'function'
      ? UiResourceMetadataStore.uriOf(reference)
      : undefined;
  if (resourceUri === undefined || !resourceUri.startsWith(UI_URI_SCHEME))
    throw fail(`needs a @UiResource() class or a ${UI_URI_SCHEME} URI (got ${describe(reference)})`);
  if (visibility === undefined) return { resourceUri };
  if (!Array.isArray(visibility) || visibility.length === 0 || !visibility.every((v) => VISIBILITIES.has(v)))
    throw fail(
      `visibility must be a non-empty list of 'model' and 'app' (got ${JSON.stringify(visibility)})`,
    );
  return { resourceUri, visibility: [...new Set(visibility)] };
}

function describe(value: unknown): string {
  if (typeof value === 'function') return `class ${value.name} without @UiResource()`;
  return JSON.stringify(value) ?? String(value);
}
