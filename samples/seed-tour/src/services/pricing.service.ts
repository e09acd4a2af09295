import { injectable } from 'inversify';
import { OrderCounters } from './order-counters.service.js';

export interface Quote {
  item: string;
  quantity: number;
  shipping: number;
  total: number;
}

const UNIT_PRICES: Record<string, number> = { widget: 12, gadget: 30, gizmo: 45 };

@injectable()
export class PricingService {
  constructor(private readonly counters: OrderCounters) {}

  async quote(item: string, quantity: number): Promise<Quote> {
    this.counters.quotes++;
    const shipping = 7;
    return { item, quantity, shipping, total: (UNIT_PRICES[item] ?? 20) * quantity + shipping };
  }
}
