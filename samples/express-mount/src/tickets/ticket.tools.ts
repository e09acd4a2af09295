import { Context, Ctx, ElicitRequestParams, Tool, Tools } from 'elicitor';
import { ConfirmForm, TicketDetailsForm } from './ticket.forms.js';
import { TicketStore } from './ticket-store.service.js';

/** Opens a ticket in two questions: the details, then a confirmation that repeats them. */
@Tools()
export class TicketTools {
  constructor(private readonly store: TicketStore) {}

  @Tool({ description: 'Opens a support ticket, asking what is wrong and then for a confirmation' })
  async openTicket(@Ctx() ctx: Context): Promise<string> {
    const details = (
      await ctx.elicit(
        'details',
        ElicitRequestParams.form('What should the ticket say?').withSchema(TicketDetailsForm),
      )
    ).content();
    if (!details) return 'No ticket opened.';
    const confirmed = (
      await ctx.elicit(
        'confirm',
        ElicitRequestParams.form(`Open a ${details.severity} ticket "${details.title}"?`).withSchema(
          ConfirmForm,
        ),
      )
    ).content();
    if (!confirmed?.confirm) return 'No ticket opened.';
    const ticket = await ctx.once('open', () => this.store.open(details.title, details.severity, 'mcp'));
    return `Opened ${ticket.id}: ${ticket.title} (${ticket.severity}).`;
  }
}
