import { Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import type { ServerLogger } from 'elicitor';
import { ELICITOR_LOGGER } from './mcp/elicitor-app.provider.js';
import { McpModule } from './mcp/mcp.module.js';
import { OrdersModule } from './orders/orders.module.js';

@Module({ imports: [OrdersModule, McpModule] })
export class AppModule {
  /** The same module with a logger for the Elicitor app. */
  static withLogger(logger: ServerLogger): DynamicModule {
    return {
      module: AppModule,
      global: true,
      providers: [{ provide: ELICITOR_LOGGER, useValue: logger }],
      exports: [ELICITOR_LOGGER],
    };
  }
}
