import type { Server } from '@modelcontextprotocol/server';
import type { ServerLogger } from '../../shared/server-logger.js';
import type { ServerEventHub } from './server-event-hub.js';
import type { ServerEvent } from './server-event.js';

export interface LegacyNotificationSettings {
  hub: ServerEventHub;
  /** The app advertises `listChanged`: forward list changes to the session. */
  listChanged: boolean;
  /** The app accepts `resources/subscribe`: declare `resources.subscribe` and forward updates of subscribed URIs. */
  resourceSubscriptions: boolean;
  logger: ServerLogger;
}

/**
 * Legacy (2025-era) sessions: `resources/subscribe` / `resources/unsubscribe` keep a per-session set of
 * URIs, and server events reach the session as `notifications/*` (on its standalone stream over HTTP).
 * Called from the legacy server's `extend` hook, before the SDK server connects.
 */
export function installLegacyNotifications(server: Server, settings: LegacyNotificationSettings): void {
  const hasResources = server.getCapabilities().resources !== undefined;
  const subscribed = new Set<string>();
  if (settings.resourceSubscriptions && hasResources) {
    server.registerCapabilities({ resources: { subscribe: true } });
    server.setRequestHandler('resources/subscribe', (request) => {
      subscribed.add(request.params.uri);
      return {};
    });
    server.setRequestHandler('resources/unsubscribe', (request) => {
      subscribed.delete(request.params.uri);
      return {};
    });
  }
  const send = (event: ServerEvent): Promise<void> | undefined => {
    if (event.type === 'resource_updated') {
      return subscribed.has(event.uri) ? server.sendResourceUpdated({ uri: event.uri }) : undefined;
    }
    if (!settings.listChanged || server.getCapabilities()[event.list] === undefined) return undefined;
    if (event.list === 'tools') return server.sendToolListChanged();
    if (event.list === 'prompts') return server.sendPromptListChanged();
    return server.sendResourceListChanged();
  };
  const unsubscribe = settings.hub.subscribe((event) => {
    if (!server.transport) return;
    send(event)?.catch((error: unknown) =>
      settings.logger.warn(`could not notify a legacy session: ${String(error)}`),
    );
  });
  const previous = server.onclose;
  server.onclose = () => {
    unsubscribe();
    previous?.();
  };
}
