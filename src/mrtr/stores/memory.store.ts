import { LRUCache } from 'lru-cache';
import { systemClock, type Clock } from '../../shared/clock.js';
import type { StateStore } from './state-store.js';
import { storeTtlMs } from './store-ttl.js';

export interface MemoryStateStoreOptions {
  clock?: Clock;
  /**
   * Most entries held at once; past it the least recently used entry is dropped (and `onEvict` told).
   * Default 100,000: enough for tens of thousands of calls in flight within the state TTL.
   */
  maxEntries?: number;
  /** Told when the cap drops a live entry: its `once` record or final result is then forgotten. */
  onEvict?: (key: string) => void;
}

/**
 * The default {@link StateStore}: one process, no persistence, bounded in entries and by each entry's TTL
 * (an LRU cache). Its records do not survive a restart, so a replayed state may run a `once` effect again
 * after one; for several replicas, or to survive restarts, use the Redis adapter (`elicitor/redis`).
 */
export class MemoryStateStore implements StateStore {
  private readonly entries: LRUCache<string, string>;
  private readonly clock: Clock;

  constructor(options: MemoryStateStoreOptions = {}) {
    this.clock = options.clock ?? systemClock;
    const max = options.maxEntries ?? 100_000;
    if (!Number.isInteger(max) || max < 1)
      throw new RangeError(`MemoryStateStore: maxEntries must be a positive integer, got ${String(max)}`);
    const onEvict = options.onEvict;
    this.entries = new LRUCache<string, string>({
      // Capped through sizes of 1 rather than `max`: `max` preallocates arrays for every slot (several
      // MB at the default cap) when the app starts; these grow with the entries held.
      maxSize: max,
      sizeCalculation: () => 1,
      ttlAutopurge: false,
      // Expiry follows the store's clock, so tests can move time.
      perf: { now: () => this.clock.now() },
      ttlResolution: 0,
      ...(onEvict ? { dispose: (_value, key, reason) => reason === 'evict' && onEvict(key) } : {}),
    });
  }

  /** Entries held, including expired ones not purged yet. */
  get size(): number {
    return this.entries.size;
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    const ttl = storeTtlMs(ttlMs);
    if (this.entries.has(key)) return false;
    this.entries.set(key, value, { ttl });
    return true;
  }

  async get(key: string): Promise<string | undefined> {
    return this.entries.get(key);
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    this.entries.set(key, value, { ttl: storeTtlMs(ttlMs) });
  }

  async compareAndSet(key: string, expected: string, value: string, ttlMs: number): Promise<boolean> {
    const ttl = storeTtlMs(ttlMs);
    if (this.entries.get(key) !== expected) return false;
    this.entries.set(key, value, { ttl });
    return true;
  }

  async compareAndDelete(key: string, expected: string): Promise<boolean> {
    if (this.entries.get(key) !== expected) return false;
    this.entries.delete(key);
    return true;
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async close(): Promise<void> {
    this.entries.clear();
  }

  /** Removes every expired entry now; returns how many were removed. */
  sweepExpired(): number {
    const before = this.entries.size;
    this.entries.purgeStale();
    return before - this.entries.size;
  }
}
