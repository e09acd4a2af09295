import type { ServerEventHub } from './server-event-hub.js';
import type { ChangedList } from './server-event.js';

/**
 * Injectable: tells subscribed clients that a list of the catalogue changed. Modern clients hear it on
 * their `subscriptions/listen` stream (when they asked for that list), legacy sessions as a
 * `notifications/<list>/list_changed`. Only sent when the app advertises `listChanged`.
 *
 * ```ts
 * constructor(private readonly lists: ListChangedNotifier) {}
 * ... this.lists.notify('tools');
 * ```
 */
export class ListChangedNotifier {
  /** @internal The app makes the one instance; inject it. */
  constructor(
    private readonly hub: ServerEventHub,
    /** Whether the app advertises `listChanged`; without it clients were promised no such notifications. */
    readonly enabled: boolean,
  ) {}

  notify(list: ChangedList): void {
    if (this.enabled) this.hub.publish({ type: 'list_changed', list });
  }
}
