import type { ClientCapabilities } from '@modelcontextprotocol/server';
import { ElicitationModes } from './elicitation-modes.js';

/** This request's client capabilities, read once; `elicitation` is undefined when none was declared. */
export class ClientCapabilitiesView {
  readonly elicitation: ElicitationModes | undefined;
  readonly sampling: boolean;
  readonly roots: boolean;

  constructor(readonly raw: ClientCapabilities | undefined) {
    this.elicitation = raw?.elicitation ? new ElicitationModes(raw.elicitation) : undefined;
    this.sampling = raw?.sampling !== undefined;
    this.roots = raw?.roots !== undefined;
  }
}
