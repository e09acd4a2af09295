import type { Server } from '@modelcontextprotocol/server';
import type { ServerLogger } from '../shared/server-logger.js';
import type { ModernProtocolHandler } from '../server/modern/modern-protocol.handler.js';

/** What every HTTP handler needs of the app: the modern leg, a legacy server per session, the log. */
export interface HttpEndpointDependencies {
  modern: ModernProtocolHandler;
  createLegacyServer: () => Server;
  logger: ServerLogger;
}
