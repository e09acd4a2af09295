import type { EventId, EventStore, JSONRPCMessage, StreamId } from '@modelcontextprotocol/server';
import { storesText, type TextEventStore } from './text-event.store.js';

/** An event store that can drop a stream's events; `MemoryEventStore` is one. */
export interface ForgettingEventStore extends EventStore {
  forgetStream(streamId: StreamId): void | Promise<void>;
}

/** An event store that says whether it still holds a stream; `MemoryEventStore` is one. */
interface StreamHoldingStore extends EventStore {
  holdsStream(streamId: StreamId): boolean;
}

function canForget(store: EventStore): store is ForgettingEventStore {
  return typeof (store as Partial<ForgettingEventStore>).forgetStream === 'function';
}

function canTellHeld(store: EventStore): store is StreamHoldingStore {
  return typeof (store as Partial<StreamHoldingStore>).holdsStream === 'function';
}

const FIRST_SWEEP_AT = 64;

/**
 * One legacy session's view of the shared event store: it notes the streams the session wrote, so that
 * when the session ends (DELETE, idle expiry) their events go too, instead of waiting to be evicted.
 */
export class SessionEventLog implements TextEventStore {
  private readonly streamIds = new Set<StreamId>();
  /** Past this many noted streams, those the store evicted are let go: a long session's set stays bounded. */
  private sweepAt = FIRST_SWEEP_AT;
  /** Present only when the shared store has it, as the SDK checks. */
  readonly getStreamIdForEventId?: (eventId: EventId) => Promise<StreamId | undefined>;

  constructor(private readonly store: EventStore) {
    if (store.getStreamIdForEventId)
      this.getStreamIdForEventId = (eventId) => store.getStreamIdForEventId!(eventId);
  }

  storeEvent(streamId: StreamId, message: JSONRPCMessage, jsonLength?: number): Promise<EventId> {
    this.note(streamId);
    const store = this.store;
    return storesText(store)
      ? store.storeEvent(streamId, message, jsonLength)
      : store.storeEvent(streamId, message);
  }

  /** Stores an event as the JSON text written to the stream; a store that takes only messages gets it parsed. */
  storeEventText(streamId: StreamId, json: string): Promise<EventId> {
    this.note(streamId);
    const store = this.store;
    return storesText(store)
      ? store.storeEventText(streamId, json)
      : store.storeEvent(streamId, JSON.parse(json) as JSONRPCMessage);
  }

  private note(streamId: StreamId): void {
    this.streamIds.add(streamId);
    if (this.streamIds.size > this.sweepAt) this.sweep();
  }

  /** Streams noted now. */
  get size(): number {
    return this.streamIds.size;
  }

  /** Lets go of the streams the store no longer holds: nothing of them can be resumed any more. */
  private sweep(): void {
    const store = this.store;
    if (canTellHeld(store)) {
      for (const streamId of this.streamIds)
        if (!store.holdsStream(streamId)) this.streamIds.delete(streamId);
    }
    this.sweepAt = Math.max(FIRST_SWEEP_AT, 2 * this.streamIds.size);
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
