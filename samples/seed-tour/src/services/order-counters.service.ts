import { injectable } from 'inversify';

/** How many times each side effect of `place_order` really ran; tests and the demo read it. */
@injectable()
export class OrderCounters {
  quotes = 0;
  charges = 0;
  receipts = 0;

  snapshot(): { quotes: number; charges: number; receipts: number } {
    return { quotes: this.quotes, charges: this.charges, receipts: this.receipts };
  }
}
