import { readFile } from 'node:fs/promises';
import { SchemaDefinitionError } from '../errors/schema-definition.error.js';
import { ElicitSchemaMetadataStore } from '../metadata/elicit-schema-metadata.store.js';
import { UiResourceMetadataStore } from '../metadata/ui-resource-metadata.store.js';
import type { ClassType } from '../metadata/class-type.js';
import type { DeclaredForm } from '../metadata/declared-form.js';
import { isStandardSchema } from '../schema/standard-schema.js';
import type { HandlerRegistry } from '../registry/handler-registry.js';
import { checkUiResource } from '../registry/ui-resource.check.js';
import { UiResourceRegistry } from '../registry/ui-resource.registry.js';
import type { LoadedUiResource } from '../registry/ui-resource.registry.js';

/**
 * The app's UI resources, checked and with their HTML read once, here at bootstrap; then every tool's
 * `_meta.ui.resourceUri` and every listed form's default app must name one of them, and no `@Resource()`
 * may claim the same URI.
 */
export async function loadUiResources(
  classes: readonly ClassType[],
  registry: HandlerRegistry,
  forms: readonly DeclaredForm[] = [],
  /** Resources Elicitor itself serves (the form app), already read. */
  builtIn: readonly LoadedUiResource[] = [],
): Promise<UiResourceRegistry> {
  const loaded: LoadedUiResource[] = [...builtIn];
  for (const cls of classes) {
    const options = checkUiResource(cls);
    loaded.push({ className: cls.name, options, html: await htmlOf(cls, options) });
  }
  const ui = new UiResourceRegistry(loaded);
  for (const { options, className } of loaded) {
    const resource = registry.resources.get(options.uri);
    if (resource)
      throw new SchemaDefinitionError(
        className,
        undefined,
        `@UiResource(): uri "${options.uri}" is also served by ${resource.handlerClass.name}.${resource.handlerName}`,
      );
  }
  for (const tool of registry.tools.values()) {
    const uri = (tool.listEntry._meta?.ui as { resourceUri?: string } | undefined)?.resourceUri;
    if (uri !== undefined && !ui.has(uri))
      throw new SchemaDefinitionError(
        tool.handlerClass.name,
        tool.handlerName,
        `@Tool({ ui }): no UI resource of this app has the uri "${uri}"; list its @UiResource() class in a module's ui`,
      );
  }
  // Only a class form names a default app; a Standard Schema form is given one by withApp().
  for (const form of forms) {
    if (isStandardSchema(form)) continue;
    const app = ElicitSchemaMetadataStore.read(form)?.app;
    if (app === undefined) continue;
    const uri = UiResourceMetadataStore.uriOf(app);
    if (uri === undefined || !ui.has(uri))
      throw new SchemaDefinitionError(
        form.name,
        undefined,
        `@ElicitSchema({ app }): ${uri === undefined ? `${describe(app)} is not a @UiResource() class` : `no UI resource of this app has the uri "${uri}"`}; list its @UiResource() class in a module's ui`,
      );
  }
  return ui;
}

function describe(app: unknown): string {
  return typeof app === 'function' ? `class ${app.name}` : JSON.stringify(app);
}

async function htmlOf(cls: ClassType, options: LoadedUiResource['options']): Promise<string> {
  try {
    const html =
      options.html ??
      (options.file !== undefined ? await readFile(options.file, 'utf8') : await options.render!());
    if (typeof html !== 'string' || html.trim() === '') throw new Error('the HTML is empty');
    return html;
  } catch (error) {
    const source =
      options.file !== undefined ? `file ${String(options.file)}` : options.render ? 'render()' : 'html';
    throw new SchemaDefinitionError(
      cls.name,
      undefined,
      `@UiResource(): could not read the HTML from ${source}: ${(error as Error).message}`,
    );
  }
}
