/** Work queued by `ctx.onCommit`, run once when the handler reaches a successful final result. */
export class CommitQueue {
  private readonly pending: Array<() => unknown> = [];
  private ran = false;

  add(work: () => unknown): void {
    if (this.ran) throw new Error('onCommit was called after the commit already ran');
    this.pending.push(work);
  }

  get size(): number {
    return this.pending.length;
  }

  /**
   * Runs every queued item in order; the first failure stops the rest and is rethrown. Returns undefined
   * when nothing was queued, the common case, so that costs no promise.
   */
  run(): Promise<void> | undefined {
    this.ran = true;
    if (this.pending.length === 0) return undefined;
    return runInOrder(this.pending.splice(0));
  }

  /** Drops the queue without running it (error result, input required, abort). */
  discard(): void {
    this.pending.length = 0;
  }
}

async function runInOrder(work: ReadonlyArray<() => unknown>): Promise<void> {
  for (const item of work) await item();
}
