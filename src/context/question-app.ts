import type { ClassType } from '../metadata/class-type.js';
import { ElicitSchemaMetadataStore } from '../metadata/elicit-schema-metadata.store.js';
import { UiResourceMetadataStore } from '../metadata/ui-resource-metadata.store.js';
import type { UiResourceReference } from '../metadata/ui-resource.metadata.js';
import { UI_URI_SCHEME } from '../shared/mcp-apps.constants.js';

/** The `ui://` URI a `withApp` argument names; a clear error for anything else. */
export function appUriOf(app: UiResourceReference): string {
  const uri =
    typeof app === 'string' || typeof app === 'function' ? UiResourceMetadataStore.uriOf(app) : undefined;
  if (uri === undefined || !uri.startsWith(UI_URI_SCHEME) || uri.length === UI_URI_SCHEME.length) {
    const got = typeof app === 'function' ? `class ${app.name} without @UiResource()` : JSON.stringify(app);
    throw new TypeError(`withApp() needs a @UiResource() class or a ${UI_URI_SCHEME} URI (got ${got})`);
  }
  return uri;
}

/** The app a form class renders with by default (`@ElicitSchema({ app })`). */
export function defaultAppOf(schemaClass: ClassType | undefined): string | undefined {
  if (schemaClass === undefined) return undefined;
  const app = ElicitSchemaMetadataStore.read(schemaClass)?.app;
  return app === undefined ? undefined : UiResourceMetadataStore.uriOf(app);
}
