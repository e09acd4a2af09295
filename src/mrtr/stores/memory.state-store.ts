import { systemClock, type Clock } from '../clock.js';
import type { StateStore } from './state-store.js';
import { storeTtlMs } from './store-ttl.js';

export interface MemoryStateStoreOptions {
  clock?: Clock;
  /** How often (by the clock) a write also sweeps out every expired entry. Default 60 s. */
  sweepIntervalMs?: number;
}

interface MemoryEntry {
  value: string;
  expiresAt: number;
}

/**
 * The default {@link StateStore}: one process, no persistence. Expired entries are hidden on read and swept
 * out by writes at most once per interval, so memory stays bounded without a timer holding the process open.
 * For several replicas use the Redis adapter (`elicitor/redis`).
 */
export class MemoryStateStore implements StateStore {
  private readonly entries = new Map<string, MemoryEntry>();
  private readonly clock: Clock;
  private readonly sweepIntervalMs: number;
  private nextSweepAt: number;

  constructor(options: MemoryStateStoreOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.sweepIntervalMs = storeTtlMs(options.sweepIntervalMs ?? 60_000);
    this.nextSweepAt = this.clock.now() + this.sweepIntervalMs;
  }

  /** Entries held, including expired ones not swept yet. */
  get size(): number {
    return this.entries.size;
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    const ttl = storeTtlMs(ttlMs);
    const now = this.beforeWrite();
    if (this.liveEntry(key, now) !== undefined) return false;
    this.entries.set(key, { value, expiresAt: now + ttl });
    return true;
  }

  async get(key: string): Promise<string | undefined> {
    return this.liveEntry(key, this.clock.now())?.value;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    const ttl = storeTtlMs(ttlMs);
    const now = this.beforeWrite();
    this.entries.set(key, { value, expiresAt: now + ttl });
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async close(): Promise<void> {
    this.entries.clear();
  }

  /** Removes every expired entry now; returns how many were removed. */
  sweepExpired(): number {
    const now = this.clock.now();
    let removed = 0;
    for (const [key, entry] of this.entries) {
      if (now >= entry.expiresAt) {
        this.entries.delete(key);
        removed++;
      }
    }
    this.nextSweepAt = now + this.sweepIntervalMs;
    return removed;
  }

  private beforeWrite(): number {
    const now = this.clock.now();
    if (now >= this.nextSweepAt) this.sweepExpired();
    return now;
  }

  private liveEntry(key: string, now: number): MemoryEntry | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined || now < entry.expiresAt) return entry;
    this.entries.delete(key);
    return undefined;
  }
}
