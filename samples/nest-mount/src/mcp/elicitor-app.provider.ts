import type { FactoryProvider } from '@nestjs/common';
import { Elicitor } from 'elicitor';
import type { ElicitorApp, ServerLogger } from 'elicitor';
import { OrdersService } from '../orders/orders.service.js';
import { OrderToolsModule } from './order-tools.module.js';

/** The Nest token of the Elicitor app. */
export const ELICITOR_APP = Symbol('ELICITOR_APP');
/** An optional logger for the Elicitor app (tests pass a quiet one). */
export const ELICITOR_LOGGER = Symbol('ELICITOR_LOGGER');

/**
 * The Elicitor app as a Nest provider. Nest resolves `OrdersService` (its own singleton) and the factory
 * hands that instance to Elicitor as a value provider: one service, visible in both containers.
 */
export const elicitorAppProvider: FactoryProvider<Promise<ElicitorApp>> = {
  provide: ELICITOR_APP,
  inject: [OrdersService, { token: ELICITOR_LOGGER, optional: true }],
  useFactory: (orders: OrdersService, logger?: ServerLogger) =>
    Elicitor.create(OrderToolsModule.forRoot(orders), {
      name: 'nest-mount',
      version: '0.1.0',
      ...(logger ? { logger } : {}),
    }),
};
