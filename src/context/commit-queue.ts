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

  /** Runs every queued item in order; the first failure stops the rest and is rethrown. */
  async run(): Promise<void> {
    this.ran = true;
    for (const work of this.pending.splice(0)) await work();
  }

  /** Drops the queue without running it (error result, input required, abort). */
  discard(): void {
    this.pending.length = 0;
  }
}
