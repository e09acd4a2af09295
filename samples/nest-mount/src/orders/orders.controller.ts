import { Controller, Get } from '@nestjs/common';
import { OrdersService } from './orders.service.js';
import type { Order } from './orders.service.js';

@Controller('orders')
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  @Get()
  list(): readonly Order[] {
    return this.orders.list();
  }
}
