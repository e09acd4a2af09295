import { Module } from 'elicitor';
import type { DynamicModule } from 'elicitor';
import { ConfirmForm, TicketDetailsForm } from './ticket.forms.js';
import { TicketStore } from './ticket-store.service.js';
import { TicketTools } from './ticket.tools.js';

/** The ticket tools and the forms they ask with; the store is shared with the REST routes. */
@Module({ tools: [TicketTools], forms: [TicketDetailsForm, ConfirmForm] })
export class TicketsModule {
  /** The web framework's routes use the same `TicketStore`: the module is given that one instance. */
  static forRoot(shared: TicketStore): DynamicModule {
    return { module: TicketsModule, providers: [{ provide: TicketStore, useValue: shared }] };
  }
}
