/**
 * Runs tasks one after another. The SDK may hand several questions of one round to
 * the elicitation handler at once, but a terminal can only ask one at a time.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  /** Tasks queued or running. */
  get size(): number {
    return this.waiting;
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    this.waiting++;
    const result = this.tail.then(task).finally(() => {
      this.waiting--;
    });
    this.tail = result.catch(() => undefined);
    return result;
  }
}
