import type { IncomingMessage, ServerResponse } from 'node:http';
import { All, Controller, Inject, Req, Res } from '@nestjs/common';
import type { ElicitorApp, NodeRequestHandler } from 'elicitor';
import { ELICITOR_APP } from './elicitor.provider.js';

@Controller('mcp')
export class McpController {
  private readonly handle: NodeRequestHandler;

  constructor(@Inject(ELICITOR_APP) app: ElicitorApp) {
    this.handle = app.nodeHandler();
  }

  @All() // every method: POST, and GET/DELETE for legacy sessions
  serve(@Req() request: IncomingMessage & { body?: unknown }, @Res() response: ServerResponse) {
    return this.handle(request, response, request.body);
  }
}
