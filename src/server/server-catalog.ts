import type { Implementation, ServerCapabilities } from '@modelcontextprotocol/server';
import type { HandlerRegistry } from '../registry/handler-registry.js';
import { MODERN_PROTOCOL_VERSIONS, META_SERVER_INFO } from './protocol-versions.js';

export interface CatalogOptions {
  serverInfo: Implementation;
  instructions?: string;
  listChanged: boolean;
  /** How long clients may cache list results, in ms (0 = revalidate every time). */
  listTtlMs: number;
  /** Extensions the server declares in `server/discover` (2026-07-28), by identifier. */
  extensions?: Record<string, Record<string, unknown>>;
}

/** Static answers, built once at bootstrap: capabilities, discovery and every list result. */
export class ServerCatalog {
  readonly serverInfo: Implementation;
  readonly capabilities: ServerCapabilities;
  readonly instructions: string | undefined;
  readonly resultMeta: Record<string, unknown>;
  readonly discover: Record<string, unknown>;
  readonly lists: Readonly<Record<string, Record<string, unknown>>>;

  constructor(registry: HandlerRegistry, options: CatalogOptions) {
    this.serverInfo = options.serverInfo;
    this.instructions = options.instructions;
    const listChanged = options.listChanged ? { listChanged: true } : {};
    const capabilities: Record<string, unknown> = { logging: {} };
    if (registry.tools.size) capabilities.tools = { ...listChanged };
    if (registry.prompts.size) capabilities.prompts = { ...listChanged };
    if (registry.resources.size || registry.resourceTemplates.length) {
      capabilities.resources = { ...listChanged };
    }
    if (registry.prompts.size || registry.resourceTemplates.length) capabilities.completions = {};
    this.capabilities = capabilities as ServerCapabilities;
    // Shared by every modern result, so frozen.
    this.resultMeta = Object.freeze({ [META_SERVER_INFO]: options.serverInfo });
    const cache = { ttlMs: options.listTtlMs, cacheScope: 'private' };
    this.discover = {
      supportedVersions: [...MODERN_PROTOCOL_VERSIONS],
      capabilities: options.extensions
        ? { ...this.capabilities, extensions: options.extensions }
        : this.capabilities,
      ...(options.instructions ? { instructions: options.instructions } : {}),
      ...cache,
    };
    this.lists = {
      'tools/list': { tools: registry.toolList, ...cache },
      'prompts/list': { prompts: registry.promptList, ...cache },
      'resources/list': { resources: registry.resourceList, ...cache },
      'resources/templates/list': { resourceTemplates: registry.resourceTemplateList, ...cache },
    };
  }
}
