import { injectable } from 'inversify';

export interface AuditRecord {
  tool: string;
  outcome: 'success' | 'input_required' | 'error';
  durationMs: number;
}

@injectable()
export class AuditTrail {
  readonly records: AuditRecord[] = [];
}
