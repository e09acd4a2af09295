import { LRUCache } from 'lru-cache';
import { systemClock, type Clock } from '../../shared/clock.js';
import type { StateStore } from './state-store.js';
import { storeTtlMs } from './store-ttl.js';

const DEFAULT_MAX_ENTRIES = 100_000;
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
/** What an entry costs beyond its strings' characters: the strings' headers and the cache's slots. */
const ENTRY_OVERHEAD_BYTES = 200;

export interface MemoryStateStoreOptions {
  clock?: Clock;
  /**
   * Most entries held at once; past it the least recently used entry is dropped (and `onEvict` told).
   * Default 100,000: enough for tens of thousands of calls in flight within the state TTL.
   */
  maxEntries?: number;
  /**
   * Most memory the entries may take, counted as their keys' and values' lengths plus a fixed overhead
   * per entry; past it the least recently used entries are dropped (and `onEvict` told). Default 64 MiB:
   * final results are recorded whole, so large results would otherwise fill the process before
   * `maxEntries` is reached. An entry larger than the budget is kept alone.
   */
  maxBytes?: number;
  /** Told when the cap drops a live entry: its `once` record or final result is then forgotten. */
  onEvict?: (key: string) => void;
}

/**
 * The default {@link StateStore}: one process, no persistence, bounded in entries, in memory and by each
 * entry's TTL (an LRU cache). Its records do not survive a restart, so a replayed state may run a `once`
 * effect again after one; for several replicas, or to survive restarts, use the Redis adapter
 * (`elicitor/redis`).
 */
export class MemoryStateStore implements StateStore {
  private readonly entries: LRUCache<string, string>;
  private readonly clock: Clock;
  private readonly maxEntries: number;

  constructor(options: MemoryStateStoreOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.maxEntries = positiveInteger('maxEntries', options.maxEntries ?? DEFAULT_MAX_ENTRIES);
    const maxBytes = positiveInteger('maxBytes', options.maxBytes ?? DEFAULT_MAX_BYTES);
    const onEvict = options.onEvict;
    this.entries = new LRUCache<string, string>({
      // The entry cap is kept by `pop` after each set rather than by `max`: `max` preallocates arrays for
      // every slot (several MB at the default cap) when the app starts; these grow with the entries held.
      maxSize: maxBytes,
      sizeCalculation: (value, key) => Math.min(maxBytes, ENTRY_OVERHEAD_BYTES + key.length + value.length),
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

  // Not async functions: each would make a frame and a promise per call, on every round of every call.
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    try {
      const ttl = storeTtlMs(ttlMs);
      if (this.entries.has(key)) return FALSE;
      this.store(key, value, ttl);
      return TRUE;
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  get(key: string): Promise<string | undefined> {
    return Promise.resolve(this.entries.get(key));
  }

  set(key: string, value: string, ttlMs: number): Promise<void> {
    try {
      this.store(key, value, storeTtlMs(ttlMs));
      return DONE;
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  compareAndSet(key: string, expected: string, value: string, ttlMs: number): Promise<boolean> {
    try {
      const ttl = storeTtlMs(ttlMs);
      if (this.entries.get(key) !== expected) return FALSE;
      this.store(key, value, ttl);
      return TRUE;
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  compareAndDelete(key: string, expected: string): Promise<boolean> {
    if (this.entries.get(key) !== expected) return FALSE;
    this.entries.delete(key);
    return TRUE;
  }

  delete(key: string): Promise<void> {
    this.entries.delete(key);
    return DONE;
  }

  close(): Promise<void> {
    this.entries.clear();
    return DONE;
  }

  private store(key: string, value: string, ttl: number): void {
    this.entries.set(key, value, { ttl });
    if (this.entries.size > this.maxEntries) this.entries.pop();
  }

  /** Removes every expired entry now; returns how many were removed. */
  sweepExpired(): number {
    const before = this.entries.size;
    this.entries.purgeStale();
    return before - this.entries.size;
  }
}

// A settled promise is never changed by those who read it, so every call may share these three.
const TRUE: Promise<boolean> = Promise.resolve(true);
const FALSE: Promise<boolean> = Promise.resolve(false);
const DONE: Promise<void> = Promise.resolve();

function positiveInteger(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1)
    throw new RangeError(`MemoryStateStore: ${name} must be a positive integer, got ${String(value)}`);
  return value;
}
