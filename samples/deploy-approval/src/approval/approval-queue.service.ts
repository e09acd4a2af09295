import { injectable } from 'inversify';
import type { DeployRequest } from '../deploy/release-planner.service.js';

export interface ApprovalTicket extends DeployRequest {
  id: string;
  /** Why nobody could be asked during the call. */
  reason: string;
}

/** Deployments waiting for a decision outside the MCP call (a chat channel, a dashboard...). */
@injectable()
export class ApprovalQueue {
  readonly tickets: ApprovalTicket[] = [];

  open(request: DeployRequest, reason: string): ApprovalTicket {
    const { service, version, environment } = request;
    const ticket = {
      id: `APR-${(this.tickets.length + 1).toString().padStart(4, '0')}`,
      service,
      version,
      environment,
      reason,
    };
    this.tickets.push(ticket);
    return ticket;
  }
}
