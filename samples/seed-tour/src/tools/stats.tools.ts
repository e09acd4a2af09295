import { Resource, Tools } from 'elicitor';
import { OrderCounters } from '../services/order-counters.service.js';

@Tools()
export class StatsTools {
  constructor(private readonly counters: OrderCounters) {}

  /** How many quotes, charges and receipts really happened, so a client can check at-most-once claims. */
  @Resource({ uri: 'seed-tour://counters', name: 'counters', mimeType: 'application/json' })
  counts(): Record<string, number> {
    return this.counters.snapshot();
  }
}
