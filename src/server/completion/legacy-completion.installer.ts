import { ProtocolError } from '@modelcontextprotocol/server';
import type { Server, ServerContext } from '@modelcontextprotocol/server';
import type { RequestEnvironment } from '../../context/request-environment.js';
import { McpProtocolError } from '../../errors/protocol.error.js';
import type { CompletionService } from './completion.service.js';

/** Legacy sessions answer `completion/complete` through the same service; called from the `extend` hook. */
export function installLegacyCompletion(
  server: Server,
  environmentOf: (context: ServerContext) => RequestEnvironment,
  service: CompletionService,
): void {
  if (!server.getCapabilities().completions) return;
  server.setRequestHandler('completion/complete', async (request, context) => {
    try {
      return await service.complete(request.params as Record<string, unknown>, environmentOf(context));
    } catch (error) {
      if (error instanceof McpProtocolError)
        throw new ProtocolError(error.rpcCode, error.message, error.data);
      throw new ProtocolError(-32603, 'Internal error');
    }
  });
}
