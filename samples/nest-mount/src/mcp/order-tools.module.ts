import { Module } from 'elicitor';
import type { DynamicModule } from 'elicitor';
import { CustomerForm, OrderLineForm } from './order.forms.js';
import { OrdersService } from '../orders/orders.service.js';
import { OrderTools } from './order.tools.js';

/** Elicitor's module of the order tools (an Elicitor module, not a Nest one); the service is Nest's singleton. */
@Module({ tools: [OrderTools], forms: [OrderLineForm, CustomerForm] })
export class OrderToolsModule {
  /** The web framework's routes use the same `OrdersService`: the module is given that one instance. */
  static forRoot(shared: OrdersService): DynamicModule {
    return { module: OrderToolsModule, providers: [{ provide: OrdersService, useValue: shared }] };
  }
}
