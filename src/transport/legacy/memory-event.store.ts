import type { EventId, JSONRPCMessage, StreamId } from '@modelcontextprotocol/server';
import { PRIMING_EVENT_TEXT, type TextEventStore } from './text-event.store.js';

/** Limits of `MemoryEventStore`, the in-memory log legacy streams resume from. */
export interface MemoryEventStoreOptions {
  /** Events kept in all, across streams; the oldest go first. Default 10,000. */
  maxEvents?: number;
  /**
   * The size of the events kept in all, counted as the characters of each event's JSON text (a byte each
   * for ASCII); the oldest go first, so a few large results cannot hold the memory that many small events
   * would. The newest event is kept whatever its size. Default 8 MiB.
   */
  maxBytes?: number;
}

const DEFAULT_MAX_BYTES = 8 * 1024 * 1024;

/** A message as given, or the JSON text it was written as. */
type StoredEvent = JSONRPCMessage | string;

/**
 * One stream's events: event `n` of the stream is `messages[n - first]`, kept from index `head` on; `bytes`
 * is what they count against the byte budget.
 */
interface StreamLog {
  first: number;
  head: number;
  messages: Array<StoredEvent | undefined>;
  bytes: number;
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
  /** The size of each event in `queue`, at the same index: numbers, so no object per event. */
  private queueSizes: number[] = [];
  private queueHead = 0;
  private held = 0;
  private heldBytes = 0;
  private readonly maxEvents: number;
  private readonly maxBytes: number;

  constructor(options: MemoryEventStoreOptions = {}) {
    this.maxEvents = positiveInteger('maxEvents', options.maxEvents ?? 10_000);
    this.maxBytes = positiveInteger('maxBytes', options.maxBytes ?? DEFAULT_MAX_BYTES);
  }

  /** Events held now. */
  get size(): number {
    return this.held;
  }

  /** What the events held now count against `maxBytes`. */
  get bytes(): number {
    return this.heldBytes;
  }

  /** `jsonLength`: the length of the JSON text written for the message, when the caller has it. */
  async storeEvent(streamId: StreamId, message: JSONRPCMessage, jsonLength?: number): Promise<EventId> {
    return this.keep(streamId, message, jsonLength ?? JSON.stringify(message).length);
  }

  async storeEventText(streamId: StreamId, json: string): Promise<EventId> {
    return this.keep(streamId, json, json.length);
  }

  private keep(streamId: StreamId, message: StoredEvent, size: number): EventId {
    while (this.held > 0 && (this.held >= this.maxEvents || this.heldBytes + size > this.maxBytes))
      this.dropOldest();
    let log = this.streams.get(streamId);
    if (!log) this.streams.set(streamId, (log = { first: 0, head: 0, messages: [], bytes: 0 }));
    const number = log.first + log.messages.length;
    log.messages.push(message);
    log.bytes += size;
    this.queue.push(streamId);
    this.queueSizes.push(size);
    this.held++;
    this.heldBytes += size;
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
    this.heldBytes -= log.bytes;
    this.streams.delete(streamId);
    // Stale queue entries would pile up while the store stays under its cap: sweep once they dominate.
    if (this.queue.length - this.queueHead > 2 * this.held + 1_024) this.compactQueue(true);
  }

  private dropOldest(): void {
    while (this.queueHead < this.queue.length) {
      const size = this.queueSizes[this.queueHead]!;
      const streamId = this.queue[this.queueHead++]!;
      const log = this.streams.get(streamId);
      if (!log) continue;
      log.messages[log.head++] = undefined;
      log.bytes -= size;
      this.heldBytes -= size;
      this.held--;
      if (log.head === log.messages.length) this.streams.delete(streamId);
      else if (log.head > 32 && log.head * 2 > log.messages.length) {
        log.messages = log.messages.slice(log.head);
        log.first += log.head;
        log.head = 0;
      }
      break;
    }
    if (this.queueHead > 1_024 && this.queueHead * 2 > this.queue.length) this.compactQueue(false);
  }

  /** Drops the queue's entries before `queueHead`, and with `staleToo` those of forgotten streams. */
  private compactQueue(staleToo: boolean): void {
    const queue: StreamId[] = [];
    const sizes: number[] = [];
    for (let index = this.queueHead; index < this.queue.length; index++) {
      const streamId = this.queue[index]!;
      if (staleToo && !this.streams.has(streamId)) continue;
      queue.push(streamId);
      sizes.push(this.queueSizes[index]!);
    }
    this.queue = queue;
    this.queueSizes = sizes;
    this.queueHead = 0;
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

function positiveInteger(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value <= 0)
    throw new RangeError(`MemoryEventStore: ${name} must be a positive integer, got ${value}`);
  return value;
}

function isPriming(stored: StoredEvent): boolean {
  return typeof stored === 'string' ? stored === PRIMING_EVENT_TEXT : Object.keys(stored).length === 0;
}
