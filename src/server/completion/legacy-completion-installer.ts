import type { Server, ServerContext } from '@modelcontextprotocol/server';
import type { RequestEnvironment } from '../../context/request-environment.js';
import { JsonRpcErrorCode } from '../../errors/json-rpc-error-codes.js';
import { McpProtocolError } from '../../errors/protocol.error.js';
import { serverSdkNow } from '../sdk-runtime-loader.js';
import type { CompletionService } from './completion-service.js';

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
      const { ProtocolError } = serverSdkNow();
      if (error instanceof McpProtocolError)
        throw new ProtocolError(error.rpcCode, error.message, error.data);
      throw new ProtocolError(JsonRpcErrorCode.InternalError, 'Internal error');
    }
  });
}
