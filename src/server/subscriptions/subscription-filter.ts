import { InvalidParamsError } from '../../errors/invalid-params.error.js';
import type { ServerEvent } from './server-event.js';
import { isRecord } from '../../shared/is-record.js';

/** The notification types a `subscriptions/listen` request opts in to (2026-07-28 `SubscriptionFilter`). */
export interface SubscriptionFilter {
  toolsListChanged?: boolean;
  promptsListChanged?: boolean;
  resourcesListChanged?: boolean;
  resourceSubscriptions?: string[];
  /** `notifications/tasks` for these tasks (the Tasks extension). */
  taskIds?: string[];
}

/** What this server can deliver on a listen stream. */
export interface SubscriptionSupport {
  tools: boolean;
  prompts: boolean;
  resources: boolean;
  resourceSubscriptions: boolean;
}

/** Reads `params.notifications`; a filter of the wrong shape is invalid params. */
export function readSubscriptionFilter(params: Record<string, unknown>): SubscriptionFilter {
  const requested = params.notifications;
  if (!isRecord(requested))
    throw new InvalidParamsError('subscriptions/listen needs a notifications filter object');
  const filter: SubscriptionFilter = {};
  for (const key of ['toolsListChanged', 'promptsListChanged', 'resourcesListChanged'] as const) {
    const value = requested[key];
    if (value === undefined) continue;
    if (typeof value !== 'boolean') throw new InvalidParamsError(`notifications.${key} must be a boolean`);
    filter[key] = value;
  }
  const uris = requested.resourceSubscriptions;
  if (uris !== undefined) {
    if (!Array.isArray(uris) || !uris.every((uri) => typeof uri === 'string')) {
      throw new InvalidParamsError('notifications.resourceSubscriptions must be an array of URIs');
    }
    filter.resourceSubscriptions = [...new Set(uris as string[])];
  }
  const taskIds = requested.taskIds;
  if (taskIds !== undefined) {
    if (!Array.isArray(taskIds) || !taskIds.every((id) => typeof id === 'string')) {
      throw new InvalidParamsError('notifications.taskIds must be an array of task ids');
    }
    filter.taskIds = [...new Set(taskIds as string[])];
  }
  return filter;
}

/** The part of the request the server will honour: what was asked and can be delivered (the ack reports it). */
export function honouredFilter(
  requested: SubscriptionFilter,
  support: SubscriptionSupport,
): SubscriptionFilter {
  const honoured: SubscriptionFilter = {};
  if (requested.toolsListChanged && support.tools) honoured.toolsListChanged = true;
  if (requested.promptsListChanged && support.prompts) honoured.promptsListChanged = true;
  if (requested.resourcesListChanged && support.resources) honoured.resourcesListChanged = true;
  if (requested.resourceSubscriptions?.length && support.resourceSubscriptions) {
    honoured.resourceSubscriptions = [...requested.resourceSubscriptions];
  }
  return honoured;
}

/** Whether an event belongs on a stream with this (honoured) filter. */
export function filterAccepts(filter: SubscriptionFilter, event: ServerEvent): boolean {
  if (event.type === 'resource_updated') return filter.resourceSubscriptions?.includes(event.uri) ?? false;
  if (event.list === 'tools') return filter.toolsListChanged === true;
  if (event.list === 'prompts') return filter.promptsListChanged === true;
  return filter.resourcesListChanged === true;
}
