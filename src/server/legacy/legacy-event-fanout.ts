import type { ServerCapabilities } from '@modelcontextprotocol/server';
import type { ServerLogger } from '../../shared/server-logger.js';
import { notificationOf } from '../subscriptions/server-event.js';
import type { ServerEvent } from '../subscriptions/server-event.js';
import type { ServerEventHub } from '../subscriptions/server-event-hub.js';
import type { LegacyConnection } from './legacy-connection.js';

/**
 * Server events to 2025-era sessions, as `notifications/*` outside any call (on HTTP, the session's
 * standalone stream): list changes to every session when the app advertises `listChanged`, and
 * resource updates to the sessions subscribed to the URI. One hub listener for all sessions.
 */
export class LegacyEventFanout {
  private readonly connections = new Set<LegacyConnection>();
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly hub: ServerEventHub,
    private readonly capabilities: ServerCapabilities,
    private readonly settings: { listChanged: boolean; logger: ServerLogger },
  ) {}

  add(connection: LegacyConnection): void {
    this.connections.add(connection);
    this.unsubscribe ??= this.hub.subscribe((event) => this.publish(event));
  }

  remove(connection: LegacyConnection): void {
    this.connections.delete(connection);
  }

  private publish(event: ServerEvent): void {
    if (event.type === 'list_changed') {
      if (!this.settings.listChanged || this.capabilities[event.list] === undefined) return;
    }
    const notification = notificationOf(event);
    for (const connection of this.connections) {
      if (!connection.isOpen || !connection.hearsServerEvents) continue;
      if (event.type === 'resource_updated' && !connection.record.subscriptions.includes(event.uri)) continue;
      connection
        .notify(notification)
        .catch((error: unknown) =>
          this.settings.logger.warn(`could not notify a legacy session: ${String(error)}`),
        );
    }
  }
}
