import { injectable } from 'inversify';

export type Severity = 'low' | 'normal' | 'urgent';

export interface Ticket {
  id: string;
  title: string;
  severity: Severity;
  openedBy: 'rest' | 'mcp';
}

/** The tickets, shared by the REST routes and the MCP tool: one instance for the whole process. */
@injectable()
export class TicketStore {
  private readonly tickets: Ticket[] = [];

  list(): readonly Ticket[] {
    return this.tickets;
  }

  open(title: string, severity: Severity, openedBy: Ticket['openedBy']): Ticket {
    const ticket = { id: `T-${String(this.tickets.length + 1).padStart(3, '0')}`, title, severity, openedBy };
    this.tickets.push(ticket);
    return ticket;
  }
}
