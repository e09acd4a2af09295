import type { CommitJournal } from '../context/commit-queue.js';
import { assertRecordsKept } from './stores/record-horizon.check.js';
import type { StateStore } from './stores/state-store.js';

/**
 * The commits of one call that already ran, in the shared store: a final round retried after a commit
 * failed, or after its replica died, runs only the commits that did not complete.
 */
export class StoreCommitJournal implements CommitJournal {
  constructor(
    private readonly store: StateStore,
    private readonly ttlMs: number,
    private readonly callId: string,
    /** When the round's requestState was issued: a commit the store may have forgotten refuses the round. */
    private readonly issuedAt?: number,
  ) {}

  async done(index: number): Promise<boolean> {
    if ((await this.store.get(this.keyOf(index))) !== undefined) return true;
    assertRecordsKept(this.store, this.issuedAt);
    return false;
  }

  async record(index: number): Promise<void> {
    await this.store.set(this.keyOf(index), '1', this.ttlMs);
  }

  private keyOf(index: number): string {
    return `commit:${this.callId}:${index}`;
  }
}
