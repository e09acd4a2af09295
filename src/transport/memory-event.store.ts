import type { EventId, EventStore, JSONRPCMessage, StreamId } from '@modelcontextprotocol/server';

/** Limits of `MemoryEventStore`, the in-memory log legacy streams resume from. */
export interface MemoryEventStoreOptions {
  /** Events kept in all, across streams; the oldest go first. Default 10,000. */
  maxEvents?: number;
}

interface StoredEvent {
  streamId: StreamId;
  message: JSONRPCMessage;
}

/**
 * The default event store of legacy (2025-era) SSE streams, which makes them resumable: a client whose
 * stream broke, or that the server sent away (`ctx.closeStream()`), reconnects with `Last-Event-ID` and
 * gets every later message of that stream. One process, bounded: the oldest events are dropped first.
 * Across replicas, sessions are sticky anyway, so a per-process store is enough.
 */
export class MemoryEventStore implements EventStore {
  private readonly events = new Map<EventId, StoredEvent>();
  /** The events of each stream, so a closed session's streams are dropped without a scan. */
  private readonly streams = new Map<StreamId, Set<EventId>>();
  private readonly maxEvents: number;
  private sequence = 0;

  constructor(options: MemoryEventStoreOptions = {}) {
    this.maxEvents = options.maxEvents ?? 10_000;
    if (!Number.isSafeInteger(this.maxEvents) || this.maxEvents <= 0) {
      throw new RangeError(`MemoryEventStore: maxEvents must be a positive integer, got ${this.maxEvents}`);
    }
  }

  /** Events held now. */
  get size(): number {
    return this.events.size;
  }

  async storeEvent(streamId: StreamId, message: JSONRPCMessage): Promise<EventId> {
    // Ids grow across the whole store, so insertion order is event order within every stream.
    const eventId = `${streamId}_${(this.sequence++).toString(36)}`;
    if (this.events.size >= this.maxEvents) this.drop(this.events.keys().next().value!);
    this.events.set(eventId, { streamId, message });
    let ids = this.streams.get(streamId);
    if (!ids) this.streams.set(streamId, (ids = new Set()));
    ids.add(eventId);
    return eventId;
  }

  /** Drops every event of a stream nobody can resume any more (its session ended). */
  forgetStream(streamId: StreamId): void {
    for (const eventId of this.streams.get(streamId) ?? []) this.events.delete(eventId);
    this.streams.delete(streamId);
  }

  private drop(eventId: EventId): void {
    const streamId = this.events.get(eventId)!.streamId;
    this.events.delete(eventId);
    const ids = this.streams.get(streamId)!;
    ids.delete(eventId);
    if (ids.size === 0) this.streams.delete(streamId);
  }

  async getStreamIdForEventId(eventId: EventId): Promise<StreamId | undefined> {
    return this.events.get(eventId)?.streamId;
  }

  /** Sends every later event of `lastEventId`'s stream; priming events (no message) are skipped. */
  async replayEventsAfter(
    lastEventId: EventId,
    { send }: { send: (eventId: EventId, message: JSONRPCMessage) => Promise<void> },
  ): Promise<StreamId> {
    const last = this.events.get(lastEventId);
    if (last === undefined) throw new Error(`Unknown event id: ${lastEventId}`);
    let after = false;
    for (const [eventId, event] of this.events) {
      if (eventId === lastEventId) {
        after = true;
        continue;
      }
      if (!after || event.streamId !== last.streamId || isPriming(event.message)) continue;
      await send(eventId, event.message);
    }
    return last.streamId;
  }
}

function isPriming(message: JSONRPCMessage): boolean {
  return Object.keys(message).length === 0;
}
