import { Inject, Module } from '@nestjs/common';
import type { BeforeApplicationShutdown } from '@nestjs/common';
import type { ElicitorApp } from 'elicitor';
import { OrdersModule } from '../orders/orders.module.js';
import { ELICITOR_APP, elicitorAppProvider } from './elicitor-app.provider.js';
import { McpController } from './mcp.controller.js';

@Module({
  imports: [OrdersModule],
  providers: [elicitorAppProvider],
  controllers: [McpController],
  exports: [ELICITOR_APP],
})
export class McpModule implements BeforeApplicationShutdown {
  constructor(@Inject(ELICITOR_APP) private readonly app: ElicitorApp) {}

  /** Before Nest closes its HTTP server, so open MCP streams do not hold it open. */
  beforeApplicationShutdown(): Promise<void> {
    return this.app.close();
  }
}
