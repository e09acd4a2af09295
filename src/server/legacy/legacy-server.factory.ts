import type { Server, ServerContext } from '@modelcontextprotocol/server';
import { serverSdkNow } from '../sdk-runtime-loader.js';
import { ClientCapabilitiesView } from '../../context/client-capabilities-view.js';
import { RequestAbort } from '../../context/request-abort.js';
import type { RequestEnvironment } from '../../context/request-environment.js';
import { JsonRpcErrorCode } from '../../errors/json-rpc-error-codes.js';
import { UrlElicitationRequiredError } from '../../errors/url-elicitation-required.error.js';
import { legacyElicitationBlocker } from './legacy-elicitation.check.js';
import type { ServerLogger } from '../../shared/server-logger.js';
import type { CallDispatcher } from '../call-dispatcher.js';
import { toLegacyJsonRpcError } from '../error-mapping.js';
import type { ServerCatalog } from '../server-catalog.js';
import { callSignal } from './call-signal.js';
import { SdkLegacyPeer } from './sdk-legacy-peer.js';
import { toLegacyUrlElicitations } from './url-elicitation-mapping.js';
import type { UrlElicitationRegistry } from './url-elicitation.registry.js';
import { negotiatedCapabilities } from './negotiated-capabilities.js';

export interface LegacyServerDependencies {
  catalog: ServerCatalog;
  dispatcher: CallDispatcher;
  logger: ServerLogger;
  /** Extra legacy handlers a feature adds (completion, subscriptions, ...). */
  extend?: (server: Server, environmentOf: (context: ServerContext) => RequestEnvironment) => void;
  /** Where URL-mode elicitationIds are remembered, for `app.completeElicitation`. */
  urlElicitations?: UrlElicitationRegistry;
}

type Params = Record<string, unknown>;

/**
 * One SDK `Server` for one legacy session (or stdio connection): the SDK owns `initialize` and the
 * push-model plumbing; every call goes through Elicitor's own dispatcher.
 */
export function createLegacyServer(dependencies: LegacyServerDependencies): Server {
  const { catalog, dispatcher, urlElicitations } = dependencies;
  const { Server } = serverSdkNow();
  const server = new Server(catalog.serverInfo, {
    capabilities: catalog.capabilities,
    ...(catalog.instructions ? { instructions: catalog.instructions } : {}),
  });
  const environmentOf = (context: ServerContext): RequestEnvironment =>
    legacyEnvironment(server, context, urlElicitations);
  const lists = catalog.lists;
  if (catalog.capabilities.tools) {
    server.setRequestHandler('tools/list', () => ({ tools: [...(lists['tools/list']!.tools as never[])] }));
    server.setRequestHandler('tools/call', (request, context) =>
      settle(server, dispatcher.callTool(request.params as Params, environmentOf(context)), urlElicitations),
    );
  }
  if (catalog.capabilities.prompts) {
    server.setRequestHandler('prompts/list', () => ({
      prompts: [...(lists['prompts/list']!.prompts as never[])],
    }));
    server.setRequestHandler('prompts/get', (request, context) =>
      settle(server, dispatcher.getPrompt(request.params as Params, environmentOf(context)), urlElicitations),
    );
  }
  if (catalog.capabilities.resources) {
    server.setRequestHandler('resources/list', () => ({
      resources: [...(lists['resources/list']!.resources as never[])],
    }));
    server.setRequestHandler('resources/templates/list', () => ({
      resourceTemplates: [...(lists['resources/templates/list']!.resourceTemplates as never[])],
    }));
    server.setRequestHandler('resources/read', (request, context) =>
      settle(
        server,
        dispatcher.readResource(request.params as Params, environmentOf(context)),
        urlElicitations,
      ),
    );
  }
  dependencies.extend?.(server, environmentOf);
  return server;
}

function legacyEnvironment(
  server: Server,
  context: ServerContext,
  urlElicitations: UrlElicitationRegistry | undefined,
): RequestEnvironment {
  const meta = context.mcpReq._meta as { progressToken?: string | number } | undefined;
  const protocolVersion = server.getNegotiatedProtocolVersion() ?? '2025-06-18';
  return {
    era: 'legacy',
    protocolVersion,
    clientCapabilities: negotiatedCapabilities(server.getClientCapabilities(), protocolVersion),
    clientInfo: server.getClientVersion(),
    requestId: context.mcpReq.id,
    abort: new RequestAbort(callSignal(context)),
    authInfo: context.http?.authInfo,
    // The SDK applies the session's logging/setLevel; everything is handed to it.
    logLevel: 'debug',
    progressToken: meta?.progressToken,
    notify: async (notification) => {
      if (notification.method === 'notifications/message') {
        const params = notification.params as { level: 'info'; data: unknown; logger?: string };
        await context.mcpReq.log(params.level, params.data, params.logger);
      } else {
        await context.mcpReq.notify(notification as never);
      }
    },
    legacyPeer: new SdkLegacyPeer(server, context, urlElicitations),
  };
}

/**
 * Elicitor errors become the SDK's protocol errors, so the SDK writes the right JSON-RPC error.
 * The URL-elicitation-required error exists from 2025-11-25 on and needs URL mode; other clients get the capability error instead.
 */
async function settle<T>(
  server: Server,
  work: Promise<unknown>,
  urlElicitations: UrlElicitationRegistry | undefined,
): Promise<T> {
  try {
    return (await work) as T;
  } catch (error) {
    const { ProtocolError } = serverSdkNow();
    if (error instanceof UrlElicitationRequiredError) {
      const blocker = legacyElicitationBlocker(
        'url',
        server.getNegotiatedProtocolVersion() ?? '2025-06-18',
        new ClientCapabilitiesView(server.getClientCapabilities()),
      );
      if (blocker) throw new ProtocolError(blocker.rpcCode, blocker.message, blocker.data);
      const elicitations = toLegacyUrlElicitations(error);
      for (const { elicitationId } of elicitations) urlElicitations?.remember(elicitationId, server);
      throw new ProtocolError(JsonRpcErrorCode.UrlElicitationRequired, error.message, { elicitations });
    }
    const mapped = toLegacyJsonRpcError(error);
    throw new ProtocolError(mapped.code, mapped.message, mapped.data);
  }
}
