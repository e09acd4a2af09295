import { systemClock } from '../shared/clock.js';
import type { Clock } from '../shared/clock.js';
import type {
  Fleet,
  FleetBus,
  FleetEvent,
  FleetEventLog,
  FleetListener,
  FleetRecords,
  FleetSessionLimits,
  FleetSessions,
} from './fleet.types.js';

/** How long a `MemoryFleet` keeps stream events, and how many per stream. */
export interface MemoryFleetOptions {
  /** Events kept per stream; the oldest go first. Default 1,000. */
  maxEventsPerStream?: number;
  /** See {@link Fleet.callLeaseMs}. Default 10 s. */
  callLeaseMs?: number;
  clock?: Clock;
}

interface Expiring<T> {
  value: T;
  expiresAt: number;
}

/**
 * A {@link Fleet} in the memory of one process: apps created with the same instance share their
 * 2025-era sessions as replicas would through Redis. For tests and for several apps in one process.
 */
export class MemoryFleet implements Fleet {
  readonly name = 'memory';
  readonly sessions: FleetSessions;
  readonly bus: FleetBus;
  readonly events: FleetEventLog;
  readonly records: FleetRecords;
  readonly callLeaseMs: number;

  constructor(options: MemoryFleetOptions = {}) {
    this.callLeaseMs = options.callLeaseMs ?? 10_000;
    const clock = options.clock ?? systemClock;
    this.sessions = new MemorySessions(clock);
    this.bus = new MemoryBus();
    this.events = new MemoryEventLog(options.maxEventsPerStream ?? 1_000);
    this.records = new MemoryRecords(clock);
  }

  async close(): Promise<void> {}
}

class MemorySessions implements FleetSessions {
  private readonly records = new Map<string, Expiring<string>>();

  constructor(private readonly clock: Clock) {}

  async admit(id: string, record: string, limits: FleetSessionLimits): Promise<boolean> {
    const now = this.clock.now();
    for (const [key, entry] of this.records) if (entry.expiresAt <= now) this.records.delete(key);
    if (this.records.size >= limits.maxSessions) return false;
    this.records.set(id, { value: record, expiresAt: now + limits.idleTimeoutMs });
    return true;
  }

  async save(id: string, record: string, idleTimeoutMs: number): Promise<void> {
    if (this.live(id) === undefined) return;
    this.records.set(id, { value: record, expiresAt: this.clock.now() + idleTimeoutMs });
  }

  async load(id: string): Promise<string | undefined> {
    return this.live(id)?.value;
  }

  async touch(id: string, idleTimeoutMs: number): Promise<boolean> {
    const entry = this.live(id);
    if (entry) entry.expiresAt = this.clock.now() + idleTimeoutMs;
    return entry !== undefined;
  }

  async remove(id: string): Promise<boolean> {
    return this.records.delete(id);
  }

  private live(id: string): Expiring<string> | undefined {
    const entry = this.records.get(id);
    if (entry && entry.expiresAt <= this.clock.now()) {
      this.records.delete(id);
      return undefined;
    }
    return entry;
  }
}

class MemoryBus implements FleetBus {
  private readonly channels = new Map<string, Set<FleetListener>>();

  async publish(channel: string, message: string): Promise<void> {
    const listeners = this.channels.get(channel);
    if (!listeners) return;
    // Delivered on a later turn, as a network bus would: the publisher never runs a listener inline.
    for (const listener of [...listeners]) queueMicrotask(() => listener(message));
  }

  async subscribe(channel: string, listener: FleetListener): Promise<() => void> {
    let listeners = this.channels.get(channel);
    if (!listeners) this.channels.set(channel, (listeners = new Set()));
    const own = (message: string) => listener(message);
    listeners.add(own);
    return () => {
      listeners.delete(own);
      if (listeners.size === 0 && this.channels.get(channel) === listeners) this.channels.delete(channel);
    };
  }
}

class MemoryEventLog implements FleetEventLog {
  private readonly streams = new Map<string, FleetEvent[]>();
  private sequence = 0;

  constructor(private readonly maxPerStream: number) {}

  async append(streamId: string, message: string): Promise<string> {
    const id = `${streamId}_${(this.sequence++).toString(36)}`;
    let events = this.streams.get(streamId);
    if (!events) this.streams.set(streamId, (events = []));
    events.push({ id, message });
    if (events.length > this.maxPerStream) events.shift();
    return id;
  }

  async after(eventId: string): Promise<{ streamId: string; events: FleetEvent[] } | undefined> {
    const streamId = eventId.slice(0, eventId.lastIndexOf('_'));
    const events = this.streams.get(streamId);
    const at = events?.findIndex((event) => event.id === eventId) ?? -1;
    if (!events || at < 0) return undefined;
    return { streamId, events: events.slice(at + 1) };
  }

  async forget(streamId: string): Promise<void> {
    this.streams.delete(streamId);
  }
}

class MemoryRecords implements FleetRecords {
  private readonly records = new Map<string, Expiring<Record<string, string>>>();
  private readonly leases = new Map<string, Expiring<string>>();

  constructor(private readonly clock: Clock) {}

  async put(key: string, fields: Readonly<Record<string, string>>, ttlMs: number): Promise<void> {
    const value = { ...(this.live(this.records, key)?.value ?? {}), ...fields };
    this.records.set(key, { value, expiresAt: this.clock.now() + ttlMs });
  }

  async read(key: string): Promise<Record<string, string> | undefined> {
    const entry = this.live(this.records, key);
    return entry ? { ...entry.value } : undefined;
  }

  async drop(key: string): Promise<void> {
    this.records.delete(key);
  }

  async claim(key: string, owner: string, ttlMs: number): Promise<boolean> {
    const holder = this.live(this.leases, key);
    if (holder && holder.value !== owner) return false;
    this.leases.set(key, { value: owner, expiresAt: this.clock.now() + ttlMs });
    return true;
  }

  async release(key: string, owner: string): Promise<void> {
    if (this.live(this.leases, key)?.value === owner) this.leases.delete(key);
  }

  private live<T>(map: Map<string, Expiring<T>>, key: string): Expiring<T> | undefined {
    const entry = map.get(key);
    if (entry && entry.expiresAt <= this.clock.now()) {
      map.delete(key);
      return undefined;
    }
    return entry;
  }
}
