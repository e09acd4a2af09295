/**
 * Remembers which commits of a call already ran, so a retried final round runs only those that did not.
 * Commits are identified by their position in the queue.
 */
export interface CommitJournal {
  done(index: number): Promise<boolean>;
  record(index: number): Promise<void>;
}

/** Work queued by `ctx.onCommit`, run once when the handler reaches a successful final result. */
export class CommitQueue {
  /** Made by the first `onCommit`: most calls queue nothing, and the queue lives as long as its call. */
  private pending: Array<() => unknown> | undefined;
  private ran = false;
  private journal: CommitJournal | undefined;
  private failure = false;

  add(work: () => unknown): void {
    if (this.ran) throw new Error('onCommit was called after the commit already ran');
    (this.pending ??= []).push(work);
  }

  get size(): number {
    return this.pending?.length ?? 0;
  }

  /** Whether a queued item failed when the queue ran: the call's outcome is then not final. */
  get failed(): boolean {
    return this.failure;
  }

  /** Makes the queue skip the items a journal says already ran, and record each item that completes. */
  useJournal(journal: CommitJournal): void {
    this.journal = journal;
  }

  /**
   * Runs every queued item in order; the first failure stops the rest and is rethrown. Returns undefined
   * when nothing was queued, the common case, so that costs no promise.
   */
  run(): Promise<void> | undefined {
    this.ran = true;
    const pending = this.pending;
    if (!pending || pending.length === 0) return undefined;
    this.pending = undefined;
    return this.runInOrder(pending).catch((error: unknown) => {
      this.failure = true;
      throw error;
    });
  }

  /** Drops the queue without running it (error result, input required). */
  discard(): void {
    this.pending = undefined;
  }

  private async runInOrder(work: ReadonlyArray<() => unknown>): Promise<void> {
    const journal = this.journal;
    for (let index = 0; index < work.length; index++) {
      if (journal && (await journal.done(index))) continue;
      await work[index]!();
      if (journal) await journal.record(index);
    }
  }
}
