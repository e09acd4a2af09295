import { Controller, Get, Inject, Module } from '@nestjs/common';
import type { BeforeApplicationShutdown } from '@nestjs/common';
import type { ElicitorApp } from 'elicitor';
import { ELICITOR_APP, elicitorProvider } from './elicitor.provider.js';
import { GreetingsService } from './greetings.service.js';
import { McpController } from './mcp.controller.js';

@Controller('greeted')
export class GreetedController {
  constructor(private readonly greetings: GreetingsService) {}

  @Get()
  list(): string[] {
    return this.greetings.greeted; // includes the names the MCP tool greeted
  }
}

@Module({
  providers: [GreetingsService, elicitorProvider],
  controllers: [GreetedController, McpController],
})
export class AppModule implements BeforeApplicationShutdown {
  constructor(@Inject(ELICITOR_APP) private readonly mcp: ElicitorApp) {}

  beforeApplicationShutdown(): Promise<void> {
    return this.mcp.close(); // before Nest closes its HTTP server
  }
}
