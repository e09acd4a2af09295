import { UiResourceMetadataStore } from '../metadata/ui-resource-metadata.store.js';
import type { UiResourceOptions } from '../metadata/ui-resource.metadata.js';
import { legacyDecorator } from './decorator-call.check.js';

/**
 * Declares an MCP App: a `ui://` resource served as `text/html;profile=mcp-app`. List the class in a
 * module's `ui`; tools point at it with `@Tool({ ui })` and questions with `withApp(...)`.
 * The options are checked at bootstrap, where the HTML is read once.
 */
export function UiResource(options: UiResourceOptions): ClassDecorator {
  return legacyDecorator<ClassDecorator>('@UiResource()', (target) => {
    UiResourceMetadataStore.record(target, { ...options });
  });
}
