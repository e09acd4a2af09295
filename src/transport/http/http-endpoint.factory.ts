import { protectedResourceOf } from '../auth/protected-resource-endpoint.js';
import type { ProtectedResourceOptions } from '../auth/protected-resource.metadata.js';
import type { HttpEndpointDependencies } from './http-endpoint-dependencies.js';
import { resolveHttpSettings } from './http-endpoint-settings.js';
import type { HttpEndpointSettings } from './http-endpoint-settings.js';
import type { HttpHandlerOptions } from './http-handler.options.js';
import { LegacyHttpSessions } from '../legacy/legacy-http-sessions.js';
import { LegacyHttpHandler } from '../legacy/legacy-http.handler.js';

/** What the Node and the fetch handler each make from their options before serving a request. */
export interface HttpEndpoint {
  settings: HttpEndpointSettings;
  /** This handler's own legacy sessions (on the fleet when there is one). */
  legacySessions: LegacyHttpSessions;
  legacyHandler: LegacyHttpHandler;
  /** Set when `authenticate` is `bearerAuth()`: the metadata document to serve and point to. */
  protectedResource: ProtectedResourceOptions | undefined;
}

export function createHttpEndpoint<TRequest>(
  dependencies: HttpEndpointDependencies,
  options: HttpHandlerOptions<TRequest>,
): HttpEndpoint {
  const settings = resolveHttpSettings(options, dependencies.fleet);
  const legacySessions = new LegacyHttpSessions(dependencies.legacy, settings.resumability, {
    ...(options.legacySessions ? { options: options.legacySessions } : {}),
    logger: dependencies.logger,
    ...(dependencies.fleet ? { fleet: dependencies.fleet } : {}),
  });
  return {
    settings,
    legacySessions,
    legacyHandler: new LegacyHttpHandler(legacySessions),
    protectedResource: protectedResourceOf(options.authenticate),
  };
}
