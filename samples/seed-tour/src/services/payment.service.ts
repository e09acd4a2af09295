import { injectable } from 'inversify';
import { OrderCounters } from './order-counters.service.js';

@injectable()
export class PaymentService {
  constructor(private readonly counters: OrderCounters) {}

  async charge(amount: number): Promise<{ id: string; amount: number }> {
    this.counters.charges++;
    return { id: `ch_${this.counters.charges.toString().padStart(4, '0')}`, amount };
  }
}
