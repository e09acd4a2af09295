import type { ClientCapabilities } from '@modelcontextprotocol/server';
import { ElicitationModes } from './elicitation-modes.js';
import { UiSupport } from './ui-support.js';

/**
 * This request's client capabilities, read once (per request on 2026-07-28, per session on 2025 sessions);
 * `elicitation` is undefined when none was declared.
 */
export class ClientCapabilitiesView {
  readonly elicitation: ElicitationModes | undefined;
  readonly sampling: boolean;
  readonly roots: boolean;
  /** MCP Apps (`io.modelcontextprotocol/ui`); undefined when the client declared no such extension. */
  readonly ui: UiSupport | undefined;

  constructor(readonly raw: ClientCapabilities | undefined) {
    this.elicitation = raw?.elicitation ? new ElicitationModes(raw.elicitation) : undefined;
    this.sampling = raw?.sampling !== undefined;
    this.roots = raw?.roots !== undefined;
    this.ui = UiSupport.of(raw);
  }
}
