import type { Resource } from '@modelcontextprotocol/server';
import { SchemaDefinitionError } from '../errors/schema-definition.error.js';
import type { UiResourceMeta, UiResourceOptions } from '../metadata/ui-resource.metadata.js';
import { deepFreeze } from '../shared/deep-freeze.js';
import { MCP_APP_MIME_TYPE } from '../shared/mcp-apps.constants.js';

/** One checked UI resource with its HTML, read at bootstrap. */
export interface LoadedUiResource {
  readonly className: string;
  readonly options: UiResourceOptions;
  readonly html: string;
}

/**
 * The app's MCP Apps by `ui://` URI, each `resources/read` result built and frozen once: a read is a map
 * lookup, and no request touches HTML.
 */
export class UiResourceRegistry {
  /** The entries `resources/list` shows (those not declared `listed: false`). */
  readonly listEntries: readonly Resource[];
  private readonly reads = new Map<string, Readonly<Record<string, unknown>>>();

  constructor(resources: readonly LoadedUiResource[]) {
    const listed: Resource[] = [];
    const owners = new Map<string, string>();
    for (const { className, options, html } of resources) {
      const owner = owners.get(options.uri);
      if (owner !== undefined) {
        throw new SchemaDefinitionError(
          className,
          undefined,
          `@UiResource(): uri "${options.uri}" is already used by ${owner}`,
        );
      }
      owners.set(options.uri, className);
      const ui = uiMetaOf(options);
      const meta = ui ? { _meta: { ui } } : {};
      const content = { uri: options.uri, mimeType: MCP_APP_MIME_TYPE, text: html, ...meta };
      this.reads.set(options.uri, deepFreeze({ contents: [content] }));
      if (options.listed === false) continue;
      listed.push(
        deepFreeze({
          uri: options.uri,
          name: options.name,
          ...(options.title ? { title: options.title } : {}),
          ...(options.description ? { description: options.description } : {}),
          mimeType: MCP_APP_MIME_TYPE,
          ...meta,
        }) as Resource,
      );
    }
    this.listEntries = Object.freeze(listed);
  }

  get size(): number {
    return this.reads.size;
  }

  has(uri: string): boolean {
    return this.reads.has(uri);
  }

  /** The `resources/read` result for a UI resource's URI, or undefined when the URI is not one. */
  read(uri: unknown): Readonly<Record<string, unknown>> | undefined {
    return typeof uri === 'string' ? this.reads.get(uri) : undefined;
  }
}

/** The resource's `_meta.ui`: only the keys it declares, none when it declares none. */
function uiMetaOf(options: UiResourceOptions): UiResourceMeta | undefined {
  const meta: UiResourceMeta = {};
  if (options.csp !== undefined) meta.csp = options.csp;
  if (options.permissions !== undefined) meta.permissions = options.permissions;
  if (options.domain !== undefined) meta.domain = options.domain;
  if (options.prefersBorder !== undefined) meta.prefersBorder = options.prefersBorder;
  // A copy: freezing the result must not freeze what the decorator was given.
  return Object.keys(meta).length ? (JSON.parse(JSON.stringify(meta)) as UiResourceMeta) : undefined;
}
