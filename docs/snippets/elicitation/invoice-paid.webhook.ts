import type { ElicitorApp } from 'elicitor';
import { Invoices } from './invoices.service.js';

/** The payment provider's webhook: the invoice is paid, so the question that sent the user there is done. */
export async function onInvoicePaid(app: ElicitorApp, invoiceId: string): Promise<boolean> {
  const elicitationId = app.get(Invoices).paid(invoiceId);
  // Sends notifications/elicitation/complete to the session that got the question, once.
  return elicitationId !== undefined && (await app.completeElicitation(elicitationId));
}
