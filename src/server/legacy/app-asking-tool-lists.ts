import { asksThroughApp } from '../../context/app-asking.check.js';
import { ClientCapabilitiesView } from '../../context/client-capabilities-view.js';
import { FIRST_EXTENSIONS_VERSION } from '../protocol-versions.js';
import type { ServerCatalog } from '../server-catalog.js';
import type { LegacySessionRecord } from './legacy-session-record.types.js';

/** With `askThroughApps`: the tool lists of 2025 sessions asked through apps, as JSON text made once. */
export class AppAskingToolLists {
  private constructor(
    private readonly plain: string,
    private readonly withTasks: string,
  ) {}

  /** Undefined when the app does not ask through apps, or lists no tools. */
  static of(catalog: ServerCatalog, servesTools: boolean): AppAskingToolLists | undefined {
    const lists = catalog.appAskingToolLists;
    if (lists === undefined || !servesTools) return undefined;
    return new AppAskingToolLists(
      JSON.stringify({ tools: lists.legacy.tools }),
      JSON.stringify({ tools: lists.modern.tools }),
    );
  }

  /** A session asked through apps (2025-11-25 on, apps rendered, no form elicitation) lists the app per tool. */
  listFor(record: LegacySessionRecord, tasks: boolean): string | undefined {
    if (record.protocolVersion < FIRST_EXTENSIONS_VERSION) return undefined;
    if (!asksThroughApp(new ClientCapabilitiesView(record.clientCapabilities))) return undefined;
    return tasks ? this.withTasks : this.plain;
  }
}
