import { LRUCache } from 'lru-cache';
import { systemClock, type Clock } from '../../shared/clock.js';
import { randomId } from '../../shared/random-pool.js';
import { DroppedKeys } from './dropped-keys.js';
import type { GenerationClaim, StateStore } from './state-store.js';
import { storeTtlMs } from './store-ttl.js';

const DEFAULT_MAX_ENTRIES = 100_000;
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;
const DEFAULT_SWEEP_INTERVAL_MS = 30_000;
/** Dropped keys remembered by default: one per 512 bytes of budget, so they take about an eighth of it. */
const BUDGET_BYTES_PER_DROPPED_KEY = 512;
const MIN_DROPPED_KEYS = 1_024;
/**
 * What an entry costs beyond its strings' characters, measured on Node 20: the strings' headers, the
 * entry's record and the cache's slots.
 */
const ENTRY_OVERHEAD_BYTES = 360;

/** The in-memory store's bounds: entries, counted bytes, how often expired records are swept, and its clock. */
export interface MemoryStateStoreOptions {
  clock?: Clock;
  /**
   * Most entries held at once; past it the least recently used entry is dropped (and `onEvict` told).
   * Default 100,000: enough for tens of thousands of calls in flight within the state TTL.
   */
  maxEntries?: number;
  /**
   * Most memory the entries may take, counted as their keys' and values' characters (one byte each) plus
   * a fixed overhead per entry; past it the least recently used entries are dropped (and `onEvict` told).
   * Default 32 MiB: final results are recorded whole, so large results would otherwise fill the process
   * before `maxEntries` is reached. An entry larger than the budget is kept alone.
   */
  maxBytes?: number;
  /**
   * How often expired entries are removed, in ms, so they free their memory without waiting to be read
   * or pushed out. Default 30 s. The timer does not keep the process alive and stops on `close`.
   */
  sweepIntervalMs?: number;
  /**
   * How many keys dropped by a cap while still in their TTL are remembered (some 65 bytes each), so that
   * only their own calls are refused. Default one per 512 bytes of `maxBytes` (65,536 for 32 MiB), at
   * least 1,024. Past it the oldest are folded into one horizon: every requestState issued before their
   * writes is refused, whatever its call.
   */
  maxDroppedKeys?: number;
  /** Told when a cap drops an entry still in its TTL: its `once` record or final result is then forgotten. */
  onEvict?: (key: string) => void;
}

/** A value with the time it was written, which a live entry dropped by a cap turns into the horizon. */
interface StoredValue {
  readonly value: string;
  readonly writtenAt: number;
  readonly expiresAt: number;
}

/**
 * The default {@link StateStore}: one process, no persistence, bounded in entries and in bytes (an LRU
 * cache), each entry kept for its TTL and swept out after it. When a cap drops an entry still in its TTL,
 * the store remembers its key and the time of its last write ({@link MemoryStateStore.mayHaveDropped}), so
 * a requestState of that call that may need the entry is refused instead of running a `once` effect or a
 * final round again; other calls go on. Its records do not survive a restart, and its generation is its
 * process's: a requestState from before a restart is refused as "outcome unknown". For several replicas,
 * or to survive restarts, use the Redis adapter (`elicitor/redis`).
 */
export class MemoryStateStore implements StateStore {
  private readonly entries: LRUCache<string, StoredValue>;
  private readonly clock: Clock;
  private readonly maxEntries: number;
  private readonly sweeper: ReturnType<typeof setInterval>;
  private horizon = Number.NEGATIVE_INFINITY;
  private dropped = 0;
  private readonly droppedKeys: DroppedKeys;
  /** This process's generation: a restarted server holds none of the records of the one before. */
  private readonly currentGeneration = randomId(12);
  private readonly generationPromise = Promise.resolve(this.currentGeneration);

  constructor(options: MemoryStateStoreOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.maxEntries = positiveInteger('maxEntries', options.maxEntries ?? DEFAULT_MAX_ENTRIES);
    const maxBytes = positiveInteger('maxBytes', options.maxBytes ?? DEFAULT_MAX_BYTES);
    const sweepIntervalMs = positiveInteger(
      'sweepIntervalMs',
      options.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS,
    );
    this.droppedKeys = new DroppedKeys(
      positiveInteger(
        'maxDroppedKeys',
        options.maxDroppedKeys ??
          Math.max(MIN_DROPPED_KEYS, Math.floor(maxBytes / BUDGET_BYTES_PER_DROPPED_KEY)),
      ),
    );
    const onEvict = options.onEvict;
    this.entries = new LRUCache<string, StoredValue>({
      // The entry cap is kept by `pop` after each set rather than by `max`: `max` preallocates arrays for
      // every slot (several MB at the default cap) when the app starts; these grow with the entries held.
      maxSize: maxBytes,
      sizeCalculation: (stored, key) =>
        Math.min(maxBytes, ENTRY_OVERHEAD_BYTES + key.length + stored.value.length),
      // Not `ttlAutopurge`: it arms a timer per entry, some 250 bytes more for each; one sweep does it all.
      ttlAutopurge: false,
      // Expiry follows the store's clock, so tests can move time.
      perf: { now: () => this.clock.now() },
      ttlResolution: 0,
      dispose: (stored, key, reason) => {
        if (reason !== 'evict' || stored.expiresAt < this.clock.now()) return;
        this.dropped++;
        // A state sealed up to the write's millisecond may need this entry: only later ones are vouched for.
        if (stored.writtenAt >= this.horizon) this.horizon = stored.writtenAt + 1;
        this.droppedKeys.add(key, stored.writtenAt, stored.expiresAt - stored.writtenAt);
        onEvict?.(key);
      },
    });
    this.sweeper = setInterval(() => this.sweepExpired(), sweepIntervalMs);
    this.sweeper.unref();
  }

  /** Entries held, including expired ones not swept yet. */
  get size(): number {
    return this.entries.size;
  }

  /** Bytes the entries count against `maxBytes`. */
  get countedBytes(): number {
    return this.entries.calculatedSize;
  }

  /** Entries a cap dropped while still in their TTL, since the store was made. */
  get droppedLive(): number {
    return this.dropped;
  }

  /** Dropped keys remembered, so that only their own calls are refused (see `maxDroppedKeys`). */
  get droppedKeysHeld(): number {
    return this.droppedKeys.size;
  }

  /**
   * Every entry still in its TTL that was written at or after this time is held: a cap dropped none of
   * them. Minus infinity while no live entry was dropped. Rounds are checked by key instead
   * ({@link MemoryStateStore.mayHaveDropped}).
   */
  keepsRecordsSince(): number {
    return this.horizon;
  }

  /**
   * Whether a requestState issued at `issuedAt` may need a record of `key` that a cap dropped: the key was
   * dropped after that state was issued, or too many keys were dropped to remember them all.
   */
  mayHaveDropped(key: string, issuedAt: number): boolean {
    return this.droppedKeys.mayNeed(key, issuedAt);
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

  generation(): Promise<string> {
    return this.generationPromise;
  }

  setIfAbsentInGeneration(
    key: string,
    value: string,
    ttlMs: number,
    generation: string,
  ): Promise<GenerationClaim> {
    try {
      const ttl = storeTtlMs(ttlMs);
      if (this.entries.has(key)) return PRESENT;
      if (generation !== this.currentGeneration)
        return Promise.resolve({ forgotten: this.currentGeneration });
      this.store(key, value, ttl);
      return STORED;
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  get(key: string): Promise<string | undefined> {
    return Promise.resolve(this.entries.get(key)?.value);
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
      if (this.entries.get(key)?.value !== expected) return FALSE;
      this.store(key, value, ttl);
      return TRUE;
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  compareAndDelete(key: string, expected: string): Promise<boolean> {
    if (this.entries.get(key)?.value !== expected) return FALSE;
    this.entries.delete(key);
    return TRUE;
  }

  delete(key: string): Promise<void> {
    this.entries.delete(key);
    return DONE;
  }

  close(): Promise<void> {
    clearInterval(this.sweeper);
    this.entries.clear();
    this.droppedKeys.clear();
    return DONE;
  }

  /** Removes every expired entry now; returns how many were removed. The sweep timer calls it. */
  sweepExpired(): number {
    const before = this.entries.size;
    this.entries.purgeStale();
    this.droppedKeys.sweep(this.clock.now());
    return before - this.entries.size;
  }

  private store(key: string, value: string, ttl: number): void {
    const now = this.clock.now();
    this.entries.set(key, { value, writtenAt: now, expiresAt: now + ttl }, { ttl, start: now });
    if (this.entries.size > this.maxEntries) this.entries.pop();
  }
}

// A settled promise is never changed by those who read it, so every call may share these.
const TRUE: Promise<boolean> = Promise.resolve(true);
const FALSE: Promise<boolean> = Promise.resolve(false);
const DONE: Promise<void> = Promise.resolve();
const STORED: Promise<GenerationClaim> = Promise.resolve('stored');
const PRESENT: Promise<GenerationClaim> = Promise.resolve('present');

function positiveInteger(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1)
    throw new RangeError(`MemoryStateStore: ${name} must be a positive integer, got ${String(value)}`);
  return value;
}
