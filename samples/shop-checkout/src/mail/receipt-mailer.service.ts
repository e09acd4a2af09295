import { injectable } from 'inversify';

export interface Receipt {
  to: string;
  chargeId: string;
  totalCents: number;
}

/** Stands in for an email service; keeps what it sent so tests can count receipts. */
@injectable()
export class ReceiptMailer {
  readonly sent: Receipt[] = [];

  async send(receipt: Receipt): Promise<void> {
    this.sent.push(receipt);
  }
}
