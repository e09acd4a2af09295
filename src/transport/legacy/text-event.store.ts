import type { EventId, EventStore, JSONRPCMessage, StreamId } from '@modelcontextprotocol/server';

/** The JSON text of a priming event: it carries no message, only an id and a `retry` hint. */
export const PRIMING_EVENT_TEXT = '{}';

/**
 * An event store that takes each message as the JSON text already written to the stream. It saves a
 * parse per event, and a store that keeps events in memory holds one flat string per event rather than
 * an object graph. `MemoryEventStore` and the fleet's store are such stores; any other `EventStore`
 * gets parsed messages as before.
 */
export interface TextEventStore extends EventStore {
  storeEventText(streamId: StreamId, json: string): Promise<EventId>;
  /**
   * A message kept as an object (a pushed question shares its form's schema that way); `jsonLength`, the
   * length of the JSON text written for it, lets a store that budgets by size count it without a stringify.
   */
  storeEvent(streamId: StreamId, message: JSONRPCMessage, jsonLength?: number): Promise<EventId>;
}

export function storesText(store: EventStore): store is TextEventStore {
  return typeof (store as Partial<TextEventStore>).storeEventText === 'function';
}
