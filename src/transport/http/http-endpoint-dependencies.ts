import type { LegacyProtocolHandler } from '../../server/legacy/legacy-protocol.handler.js';
import type { Fleet } from '../../fleet/fleet.types.js';
import type { ServerLogger } from '../../shared/server-logger.js';
import type { ModernProtocolHandler } from '../../server/modern/modern-protocol.handler.js';

/** What every HTTP handler needs of the app: the modern leg, the legacy leg, the log. */
export interface HttpEndpointDependencies {
  modern: ModernProtocolHandler;
  legacy: LegacyProtocolHandler;
  logger: ServerLogger;
  /** What replicas share to serve 2025-era sessions; absent, sessions live in this process. */
  fleet?: Fleet | undefined;
}
