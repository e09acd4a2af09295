import type { EventId, JSONRPCMessage, StreamId } from '@modelcontextprotocol/server';
import { PRIMING_EVENT_TEXT, type TextEventStore } from './text-event.store.js';

/** Limits of `MemoryEventStore`, the in-memory log legacy streams resume from. */
export interface MemoryEventStoreOptions {
  /** Events kept in all, across streams; the oldest go first. Default 10,000. */
  maxEvents?: number;
}

/** A message as given, or the JSON text it was written as. */
type StoredEvent = JSONRPCMessage | string;

/** One stream's events: event `n` of the stream is `messages[n - first]`, kept from index `head` on. */
interface StreamLog {
  first: number;
  head: number;
  messages: Array<StoredEvent | undefined>;
}

/**
 * The default event store of legacy (2025-era) SSE streams, which makes them resumable: a client whose
 * stream broke, or that the server sent away (`ctx.closeStream()`), reconnects with `Last-Event-ID` and
 * gets every later message of that stream. One process, bounded: the oldest events are dropped first.
 * Across replicas, sessions are sticky anyway, so a per-process store is enough.
 *
 * An event id is its stream's id and its number in that stream, so an event costs one array slot in its
 * stream's log and one in the eviction queue: no id string or map entry is kept per event. Events
 * written by Elicitor's own streams are kept as their JSON text, one flat string each.
 */
export class MemoryEventStore implements TextEventStore {
  private readonly streams = new Map<StreamId, StreamLog>();
  /** The stream of every event, oldest first, from `queueHead` on; forgotten streams leave stale entries. */
  private queue: StreamId[] = [];
  private queueHead = 0;
  private held = 0;
  private readonly maxEvents: number;

  constructor(options: MemoryEventStoreOptions = {}) {
    this.maxEvents = options.maxEvents ?? 10_000;
    if (!Number.isSafeInteger(this.maxEvents) || this.maxEvents <= 0) {
      throw new RangeError(`MemoryEventStore: maxEvents must be a positive integer, got ${this.maxEvents}`);
    }
  }

  /** Events held now. */
  get size(): number {
    return this.held;
  }

  async storeEvent(streamId: StreamId, message: JSONRPCMessage): Promise<EventId> {
    return this.keep(streamId, message);
  }

  async storeEventText(streamId: StreamId, json: string): Promise<EventId> {
    return this.keep(streamId, json);
  }

  private keep(streamId: StreamId, message: StoredEvent): EventId {
    if (this.held >= this.maxEvents) this.dropOldest();
    let log = this.streams.get(streamId);
    if (!log) this.streams.set(streamId, (log = { first: 0, head: 0, messages: [] }));
    const number = log.first + log.messages.length;
    log.messages.push(message);
    this.queue.push(streamId);
    this.held++;
    return `${streamId}_${number.toString(36)}`;
  }

  /** Whether any event of the stream is still held. */
  holdsStream(streamId: StreamId): boolean {
    return this.streams.has(streamId);
  }

  /** Drops every event of a stream nobody can resume any more (its session ended). */
  forgetStream(streamId: StreamId): void {
    const log = this.streams.get(streamId);
    if (!log) return;
    this.held -= log.messages.length - log.head;
    this.streams.delete(streamId);
    // Stale queue entries would pile up while the store stays under its cap: sweep once they dominate.
    if (this.queue.length - this.queueHead > 2 * this.held + 1_024) {
      this.queue = this.queue.slice(this.queueHead).filter((id) => this.streams.has(id));
      this.queueHead = 0;
    }
  }

  private dropOldest(): void {
    while (this.queueHead < this.queue.length) {
      const streamId = this.queue[this.queueHead++]!;
      const log = this.streams.get(streamId);
      if (!log) continue;
      log.messages[log.head++] = undefined;
      this.held--;
      if (log.head === log.messages.length) this.streams.delete(streamId);
      else if (log.head > 32 && log.head * 2 > log.messages.length) {
        log.messages = log.messages.slice(log.head);
        log.first += log.head;
        log.head = 0;
      }
      break;
    }
    if (this.queueHead > 1_024 && this.queueHead * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.queueHead);
      this.queueHead = 0;
    }
  }

  /** The stream and number of a held event, or undefined. */
  private locate(eventId: EventId): { streamId: StreamId; log: StreamLog; number: number } | undefined {
    const separator = eventId.lastIndexOf('_');
    if (separator < 0) return undefined;
    const streamId = eventId.slice(0, separator);
    const digits = eventId.slice(separator + 1);
    const number = parseInt(digits, 36);
    const log = this.streams.get(streamId);
    if (!log || !/^[0-9a-z]+$/.test(digits) || number.toString(36) !== digits) return undefined;
    const index = number - log.first;
    return index >= log.head && index < log.messages.length ? { streamId, log, number } : undefined;
  }

  async getStreamIdForEventId(eventId: EventId): Promise<StreamId | undefined> {
    return this.locate(eventId)?.streamId;
  }

  /** Sends every later event of `lastEventId`'s stream; priming events (no message) are skipped. */
  async replayEventsAfter(
    lastEventId: EventId,
    { send }: { send: (eventId: EventId, message: JSONRPCMessage) => Promise<void> },
  ): Promise<StreamId> {
    const found = this.locate(lastEventId);
    if (!found) throw new Error(`Unknown event id: ${lastEventId}`);
    const { streamId, log } = found;
    // A copy: sending may store new events on this stream.
    const later = log.messages.slice(found.number - log.first + 1) as StoredEvent[];
    let number = found.number;
    for (const stored of later) {
      number++;
      if (isPriming(stored)) continue;
      const message = typeof stored === 'string' ? (JSON.parse(stored) as JSONRPCMessage) : stored;
      await send(`${streamId}_${number.toString(36)}`, message);
    }
    return streamId;
  }
}

function isPriming(stored: StoredEvent): boolean {
  return typeof stored === 'string' ? stored === PRIMING_EVENT_TEXT : Object.keys(stored).length === 0;
}
