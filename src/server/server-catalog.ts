import type { Implementation, ServerCapabilities, Tool } from '@modelcontextprotocol/server';
import type { HandlerRegistry } from '../registry/handler-registry.js';
import type { UiResourceRegistry } from '../registry/ui-resource.registry.js';
import { UI_EXTENSION } from '../shared/mcp-apps.constants.js';
import { appAskingTools } from './app-asking-tools.builder.js';
import { MODERN_PROTOCOL_VERSIONS, META_SERVER_INFO } from './protocol-versions.js';
import { TASKS_EXTENSION } from './tasks/tasks-extension.constants.js';

export interface CatalogOptions {
  serverInfo: Implementation;
  instructions?: string;
  listChanged: boolean;
  /** How long clients may cache list results, in ms (0 = revalidate every time). */
  listTtlMs: number;
  /**
   * Whether tools run as tasks (the Tasks extension): `server/discover` declares the extension and the
   * 2026-07-28 `tools/list` gives each task tool its `execution.taskSupport`.
   */
  tasks?: boolean;
  /** The app's MCP Apps: listed with the resources, and the UI extension declared when there is one. */
  ui?: UiResourceRegistry;
  /** Whether questions may be app-rendered: the UI extension then declares `elicitation: {}`. */
  appQuestions?: boolean;
  /** Whether clients that render apps but cannot be sent a form are asked through an app. */
  askThroughApps?: boolean;
}

/** Static answers, built once at bootstrap: capabilities, discovery and every list result. */
export class ServerCatalog {
  readonly serverInfo: Implementation;
  readonly capabilities: ServerCapabilities;
  readonly instructions: string | undefined;
  readonly resultMeta: Record<string, unknown>;
  readonly discover: Record<string, unknown>;
  /** The lists as the 2025 sessions serve them. */
  readonly lists: Readonly<Record<string, Record<string, unknown>>>;
  /** The lists as 2026-07-28 serves them: the same, with task support on the tools of a task server. */
  readonly modernLists: Readonly<Record<string, Record<string, unknown>>>;
  /**
   * With `askThroughApps`, the `tools/list` results of clients asked through apps, as 2025 sessions and
   * 2026-07-28 serve them; other clients get the plain lists.
   */
  readonly appAskingToolLists:
    { legacy: Record<string, unknown>; modern: Record<string, unknown> } | undefined;

  constructor(registry: HandlerRegistry, options: CatalogOptions) {
    this.serverInfo = options.serverInfo;
    this.instructions = options.instructions;
    const listChanged = options.listChanged ? { listChanged: true } : {};
    const capabilities: Record<string, unknown> = { logging: {} };
    if (registry.tools.size) capabilities.tools = { ...listChanged };
    if (registry.prompts.size) capabilities.prompts = { ...listChanged };
    const ui = options.ui;
    if (registry.resources.size || registry.resourceTemplates.length || ui?.size) {
      capabilities.resources = { ...listChanged };
    }
    // Declared in `initialize` (2025-11-25 on) and in `server/discover` alike.
    if (ui?.size)
      capabilities.extensions = { [UI_EXTENSION]: options.appQuestions ? { elicitation: {} } : {} };
    if (registry.prompts.size || registry.resourceTemplates.length) capabilities.completions = {};
    this.capabilities = capabilities as ServerCapabilities;
    // Shared by every modern result, so frozen.
    this.resultMeta = Object.freeze({ [META_SERVER_INFO]: options.serverInfo });
    const cache = { ttlMs: options.listTtlMs, cacheScope: 'private' };
    this.discover = {
      supportedVersions: [...MODERN_PROTOCOL_VERSIONS],
      capabilities: options.tasks
        ? { ...this.capabilities, extensions: { ...this.capabilities.extensions, [TASKS_EXTENSION]: {} } }
        : this.capabilities,
      ...(options.instructions ? { instructions: options.instructions } : {}),
      ...cache,
    };
    this.lists = {
      'tools/list': { tools: registry.toolList, ...cache },
      'prompts/list': { prompts: registry.promptList, ...cache },
      'resources/list': {
        resources: ui?.listEntries.length
          ? [...registry.resourceList, ...ui.listEntries]
          : registry.resourceList,
        ...cache,
      },
      'resources/templates/list': { resourceTemplates: registry.resourceTemplateList, ...cache },
    };
    this.modernLists = options.tasks
      ? { ...this.lists, 'tools/list': { tools: toolsWithTaskSupport(registry), ...cache } }
      : this.lists;
    this.appAskingToolLists = options.askThroughApps
      ? {
          legacy: { tools: appAskingTools(registry.toolList), ...cache },
          modern: { tools: appAskingTools(this.modernLists['tools/list']!.tools as Tool[]), ...cache },
        }
      : undefined;
  }
}

/**
 * `execution.taskSupport`, the field 2025-11-25 defines and Tasks clients read on 2026-07-28 too, on each
 * task tool. 2025-11-25 sessions get this list too; 2025-06-18 sessions, which have no tasks, the plain one.
 */
function toolsWithTaskSupport(registry: HandlerRegistry): readonly Tool[] {
  return registry.toolList.map((entry) => {
    const task = registry.tools.get(entry.name)?.task;
    return task === undefined
      ? entry
      : (Object.freeze({
          ...entry,
          // A tool that decides per call may answer either way: to a client, task support is optional.
          execution: { taskSupport: task === 'per-call' ? 'optional' : task },
        }) as Tool);
  });
}
