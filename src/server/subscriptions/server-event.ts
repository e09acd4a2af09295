/** A catalogue list whose contents can change at run time. */
export type ChangedList = 'tools' | 'prompts' | 'resources';

/** Something that happened on the server that subscribed clients may hear about. */
export type ServerEvent =
  { type: 'list_changed'; list: ChangedList } | { type: 'resource_updated'; uri: string };

/** The notification that announces an event, without any stream-specific `_meta`. */
export function notificationOf(event: ServerEvent): { method: string; params?: Record<string, unknown> } {
  if (event.type === 'resource_updated')
    return { method: 'notifications/resources/updated', params: { uri: event.uri } };
  return { method: `notifications/${event.list}/list_changed` };
}
