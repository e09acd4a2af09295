import type { EventId, EventStore, JSONRPCMessage, StreamId } from '@modelcontextprotocol/server';

/** An event store that can drop a stream's events; `MemoryEventStore` is one. */
export interface ForgettingEventStore extends EventStore {
  forgetStream(streamId: StreamId): void | Promise<void>;
}

function canForget(store: EventStore): store is ForgettingEventStore {
  return typeof (store as Partial<ForgettingEventStore>).forgetStream === 'function';
}

/**
 * One legacy session's view of the shared event store: it notes the streams the session wrote, so that
 * when the session ends (DELETE, idle expiry) their events go too, instead of waiting to be evicted.
 */
export class SessionEventLog implements EventStore {
  private readonly streamIds = new Set<StreamId>();
  /** Present only when the shared store has it, as the SDK checks. */
  readonly getStreamIdForEventId?: (eventId: EventId) => Promise<StreamId | undefined>;

  constructor(private readonly store: EventStore) {
    if (store.getStreamIdForEventId)
      this.getStreamIdForEventId = (eventId) => store.getStreamIdForEventId!(eventId);
  }

  storeEvent(streamId: StreamId, message: JSONRPCMessage): Promise<EventId> {
    this.streamIds.add(streamId);
    return this.store.storeEvent(streamId, message);
  }

  replayEventsAfter(
    lastEventId: EventId,
    options: { send: (eventId: EventId, message: JSONRPCMessage) => Promise<void> },
  ): Promise<StreamId> {
    return this.store.replayEventsAfter(lastEventId, options);
  }

  /** Whether the session wrote events to `streamId`. */
  owns(streamId: StreamId): boolean {
    return this.streamIds.has(streamId);
  }

  /** Drops the session's events from the shared store, when the store knows how. */
  async forget(): Promise<void> {
    const store = this.store;
    const streamIds = [...this.streamIds];
    this.streamIds.clear();
    if (canForget(store)) await Promise.all(streamIds.map((streamId) => store.forgetStream(streamId)));
  }
}
