import type { IncomingMessage, ServerResponse } from 'node:http';
import { All, Controller, Inject, Req, Res } from '@nestjs/common';
import type { ElicitorApp, NodeRequestHandler } from 'elicitor';
import { ELICITOR_APP } from './elicitor-app.provider.js';

/** `/mcp`: every method goes to Elicitor, which writes the response itself (`@Res()`). */
@Controller('mcp')
export class McpController {
  private readonly handle: NodeRequestHandler;

  constructor(@Inject(ELICITOR_APP) app: ElicitorApp) {
    this.handle = app.nodeHandler();
  }

  @All()
  serve(
    @Req() request: IncomingMessage & { body?: unknown },
    @Res() response: ServerResponse,
  ): Promise<void> {
    return this.handle(request, response, request.body); // the body Nest's JSON parser read
  }
}
