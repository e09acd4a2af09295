import { injectable } from 'inversify';
import { OrderCounters } from './order-counters.service.js';

@injectable()
export class ReceiptMailer {
  readonly sent: Array<{ to: string; chargeId: string }> = [];

  constructor(private readonly counters: OrderCounters) {}

  async send(to: string, chargeId: string): Promise<void> {
    this.counters.receipts++;
    this.sent.push({ to, chargeId });
  }
}
