import { Context, Ctx, ElicitRequestParams, Tool, Tools } from 'elicitor';
import { OrdersService } from '../orders/orders.service.js';
import { CustomerForm, OrderLineForm } from './order.forms.js';

/** An Elicitor tool using a Nest provider: `OrdersService` is injected by Elicitor's container. */
@Tools()
export class OrderTools {
  constructor(private readonly orders: OrdersService) {}

  @Tool({ description: 'Places an order, asking what and how many, then for whom' })
  async placeOrder(@Ctx() ctx: Context): Promise<string> {
    const line = (
      await ctx.elicit(
        'line',
        ElicitRequestParams.form('What would you like to order?').withSchema(OrderLineForm),
      )
    ).content();
    if (!line) return 'No order placed.';
    const who = (
      await ctx.elicit(
        'customer',
        ElicitRequestParams.form(`${line.quantity} × ${line.item}: for whom?`).withSchema(CustomerForm),
      )
    ).content();
    if (!who) return 'No order placed.';
    const order = await ctx.once('place', () => this.orders.place(line.item, line.quantity, who.customer));
    return `Order ${order.id} placed: ${order.quantity} × ${order.item} for ${order.customer}.`;
  }
}
