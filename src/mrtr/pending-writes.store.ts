import type { ServerLogger } from '../shared/server-logger.js';

/** How often writes the store missed are tried again. */
const RETRY_EVERY_MS = 250;
/** Past this many, a missed write is no longer kept: the caller's error stands. */
const MAX_PENDING = 10_000;

/** A write the shared store missed, which must land once it answers again. */
export interface PendingWrite {
  /**
   * One try. Resolves true once the write landed or is no longer this replica's to make (another request
   * took the key over); rejects or resolves false to be tried again.
   */
  attempt(): Promise<boolean>;
  /** What this replica reads for the key meanwhile: a recorded outcome, or undefined for a release. */
  readonly value: string | undefined;
  /** After this (`Date.now()`), the write is dropped: the record's TTL, or the lease's term, has passed. */
  readonly expiresAt: number;
}

/**
 * Outcomes of work that already ran (a `once` effect, a commit, a final result) and releases of leases,
 * which the shared store did not take because it timed out or was down. They are kept here and tried again
 * until the store takes them, so a store fault never makes this replica run the work a second time: its
 * claims read the outcome from here meanwhile. A replica that dies first loses them, as it loses a lease
 * it held: the idempotency key of `once` is the last guard then.
 */
export class PendingWrites {
  private readonly writes = new Map<string, PendingWrite>();
  private readonly trying = new Set<string>();
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly logger: ServerLogger) {}

  get size(): number {
    return this.writes.size;
  }

  /** The outcome kept here for `key`, while the store has not taken it. */
  valueOf(key: string): string | undefined {
    return this.writes.size === 0 ? undefined : this.writes.get(key)?.value;
  }

  /** Keeps `write` until it lands; false when too many are pending already (nothing was kept). */
  add(key: string, write: PendingWrite): boolean {
    const owed = this.writes.get(key);
    // An outcome owed for the key stands: a release owed after it must not hide it.
    if (owed?.value !== undefined && write.value === undefined) return true;
    if (this.writes.size >= MAX_PENDING && owed === undefined) return false;
    this.writes.set(key, write);
    this.timer ??= setInterval(() => this.retryAll(), RETRY_EVERY_MS);
    this.timer.unref();
    return true;
  }

  /** Tries the write pending for `key` now, if there is one; a failure rejects (the store is still out). */
  async settle(key: string): Promise<void> {
    const write = this.writes.get(key);
    if (write === undefined) return;
    if (await write.attempt()) this.forget(key, write);
  }

  /** The app closes: every pending write gets one last try, then retries stop and what is left is reported. */
  async flush(): Promise<void> {
    await Promise.allSettled(
      [...this.writes].map(async ([key, write]) => {
        if (await write.attempt()) this.forget(key, write);
      }),
    );
    this.close();
  }

  private close(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    if (this.writes.size > 0)
      this.logger.warn(`${this.writes.size} state store writes had not landed when the app closed`);
  }

  private retryAll(): void {
    if (this.writes.size === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
      return;
    }
    const now = Date.now();
    for (const [key, write] of this.writes) {
      if (now > write.expiresAt) {
        this.forget(key, write);
        continue;
      }
      if (this.trying.has(key)) continue;
      this.trying.add(key);
      write.attempt().then(
        (landed) => {
          this.trying.delete(key);
          if (landed) this.forget(key, write);
        },
        () => this.trying.delete(key),
      );
    }
  }

  /** Drops `write` unless a newer write for the key replaced it meanwhile. */
  private forget(key: string, write: PendingWrite): void {
    if (this.writes.get(key) === write) this.writes.delete(key);
  }
}
