import { randomUUID } from 'node:crypto';
import { injectable } from 'inversify';

/** Open invoices and who waits for each; a real app keeps them in its database. */
@injectable()
export class Invoices {
  private readonly waiting = new Map<string, string>();

  open(amount: number): { id: string; url: string } {
    const id = randomUUID();
    return { id, url: `https://pay.example.com/invoice/${id}?amount=${amount}` };
  }

  /** Notes the 2025-11-25 question that waits for this invoice to be paid. */
  waitFor(invoiceId: string, elicitationId: string): void {
    this.waiting.set(invoiceId, elicitationId);
  }

  /** Called when the invoice is paid: the question that waited for it, if any. */
  paid(invoiceId: string): string | undefined {
    const elicitationId = this.waiting.get(invoiceId);
    this.waiting.delete(invoiceId);
    return elicitationId;
  }
}
