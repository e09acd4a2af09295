import { Injectable } from '@nestjs/common';

export interface Order {
  id: string;
  item: string;
  quantity: number;
  customer: string;
}

/**
 * A Nest provider. Nest creates the one instance; the Elicitor app gets that same instance as a value
 * provider (see `elicitor-app.provider.ts`), so the REST controller and the MCP tool share its orders.
 */
@Injectable()
export class OrdersService {
  private readonly orders: Order[] = [];

  list(): readonly Order[] {
    return this.orders;
  }

  place(item: string, quantity: number, customer: string): Order {
    const order = { id: `O-${this.orders.length + 1}`, item, quantity, customer };
    this.orders.push(order);
    return order;
  }
}
