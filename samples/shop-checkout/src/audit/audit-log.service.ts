import { injectable } from 'inversify';
import type { ProtocolEra } from 'elicitor';

/** How one execution of a handler ended. On the 2026-07-28 wire a multi-round call has one entry per round. */
export type AuditOutcome = 'success' | 'input_required' | 'error';

export interface AuditEntry {
  tool: string;
  era: ProtocolEra;
  outcome: AuditOutcome;
  durationMs: number;
  /** The error message, for `error` outcomes. */
  detail?: string;
}

/** Where the audit interceptor writes; a singleton, so entries outlive the requests that made them. */
@injectable()
export class AuditLog {
  readonly entries: AuditEntry[] = [];

  record(entry: AuditEntry): void {
    this.entries.push(entry);
  }

  forTool(tool: string): AuditEntry[] {
    return this.entries.filter((entry) => entry.tool === tool);
  }
}
