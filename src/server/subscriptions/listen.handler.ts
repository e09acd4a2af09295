import type { OutboundNotification } from '../../context/request-environment.js';
import type { ModernMethodHandler } from '../modern/modern-protocol.handler.js';
import { META_SUBSCRIPTION_ID } from '../protocol-versions.js';
import type { ServerEventHub } from './server-event-hub.js';
import { notificationOf } from './server-event.js';
import { filterAccepts, honouredFilter, readSubscriptionFilter } from './subscription-filter.js';
import type { SubscriptionSupport } from './subscription-filter.js';
import type { TaskStatusSource } from './task-status-source.js';

/** Resolves when any of the signals aborts, then stops listening to all of them. */
function whenAborted(signals: AbortSignal[]): Promise<void> {
  return new Promise((resolve) => {
    if (signals.some((signal) => signal.aborted)) return resolve();
    const done = () => {
      for (const signal of signals) signal.removeEventListener('abort', done);
      resolve();
    };
    for (const signal of signals) signal.addEventListener('abort', done);
  });
}

/**
 * `subscriptions/listen` (2026-07-28): acknowledges the honoured filter first, then forwards matching
 * server events, each tagged with the subscription id (the listen request's id). The stream lives until
 * the client closes it (the request's signal) or the app shuts down, which ends it with an empty result.
 * With the Tasks extension, `taskIds` asks for `notifications/tasks` from `taskStatus`.
 */
export function createListenHandler(
  hub: ServerEventHub,
  support: SubscriptionSupport,
  taskStatus?: TaskStatusSource,
): ModernMethodHandler {
  return async (params, environment) => {
    const requested = readSubscriptionFilter(params);
    const filter = honouredFilter(requested, support);
    if (requested.taskIds !== undefined && taskStatus !== undefined)
      filter.taskIds = await taskStatus.honour(requested.taskIds, environment);
    const subscriptionId = environment.requestId;
    const tagged = (notification: OutboundNotification): OutboundNotification => ({
      method: notification.method,
      params: Object.assign({}, notification.params, { _meta: { [META_SUBSCRIPTION_ID]: subscriptionId } }),
    });
    // One queue keeps the acknowledgement first and later notifications in publish order.
    let queue = environment
      .notify(
        tagged({ method: 'notifications/subscriptions/acknowledged', params: { notifications: filter } }),
      )
      .catch(() => undefined);
    const send = (notification: OutboundNotification) => {
      queue = queue.then(() => environment.notify(tagged(notification))).catch(() => undefined);
    };
    const unsubscribe = hub.subscribe((event) => {
      if (filterAccepts(filter, event)) send(notificationOf(event));
    });
    const unfollow = filter.taskIds?.length ? taskStatus!.follow(filter.taskIds, send) : undefined;
    try {
      await whenAborted([environment.abort.signal, hub.closing]);
    } finally {
      unsubscribe();
      unfollow?.();
    }
    await queue;
    return { _meta: { [META_SUBSCRIPTION_ID]: subscriptionId } };
  };
}
