import type { CommitJournal } from '../context/commit-queue.js';
import { StoreUnavailableError } from '../errors/store-unavailable.error.js';
import type { PendingWrites } from './pending-writes.store.js';
import { assertRecordsKept } from './stores/record-horizon.check.js';
import type { StateStore } from './stores/state-store.js';

/**
 * The commits of one call that already ran, in the shared store: a final round retried after a commit
 * failed, or after its replica died, runs only the commits that did not complete. A commit that ran while
 * the store could not take its record is recorded later, and reads as done here meanwhile.
 */
export class StoreCommitJournal implements CommitJournal {
  constructor(
    private readonly store: StateStore,
    private readonly ttlMs: number,
    private readonly callId: string,
    private readonly pending: PendingWrites,
    /** When the round's requestState was issued: a commit the store may have forgotten refuses the round. */
    private readonly issuedAt?: number,
  ) {}

  async done(index: number): Promise<boolean> {
    const key = this.keyOf(index);
    if (this.pending.valueOf(key) !== undefined) return true;
    if ((await this.store.get(key)) !== undefined) return true;
    assertRecordsKept(this.store, key, this.issuedAt);
    return false;
  }

  async record(index: number): Promise<void> {
    const key = this.keyOf(index);
    // Writes still owed mean the store is out: this one queues behind them rather than wait out a timeout.
    if (this.pending.size > 0 && this.owe(key)) return;
    try {
      await this.store.set(key, '1', this.ttlMs);
    } catch (error) {
      if (!(error instanceof StoreUnavailableError) || !this.owe(key)) throw error;
    }
  }

  /** Leaves the record to {@link PendingWrites}; false when too many writes are owed already. */
  private owe(key: string): boolean {
    return this.pending.add(key, {
      value: '1',
      expiresAt: Date.now() + this.ttlMs,
      attempt: () => this.store.set(key, '1', this.ttlMs).then(() => true),
    });
  }

  private keyOf(index: number): string {
    return `commit:${this.callId}:${index}`;
  }
}
