import type { ServerEventHub } from './server-event-hub.js';

/**
 * Injectable: tells clients subscribed to a resource that it changed (`notifications/resources/updated`).
 * Legacy sessions subscribe with `resources/subscribe`; modern clients list URIs in the
 * `resourceSubscriptions` of `subscriptions/listen`. Only sent when the app enables `resourceSubscriptions`.
 */
export class ResourceUpdateNotifier {
  /** @internal The app makes the one instance; inject it. */
  constructor(
    private readonly hub: ServerEventHub,
    readonly enabled: boolean,
  ) {}

  notify(uri: string): void {
    if (this.enabled) this.hub.publish({ type: 'resource_updated', uri });
  }
}
