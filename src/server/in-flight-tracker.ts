/**
 * Counts calls between their start and their end (commits included, they run inside the call), so
 * `close()` can stop taking new calls and wait for the running ones.
 */
export class InFlightTracker {
  private running = 0;
  private draining = false;
  private readonly waiters: Array<() => void> = [];

  get size(): number {
    return this.running;
  }

  /** Counts a call in; false once draining began, when the call must be refused (`ShuttingDownError`). */
  enter(): boolean {
    if (this.draining) return false;
    this.running += 1;
    return true;
  }

  /** Counts an entered call out when `call` settles, watched from the side rather than wrapped. */
  leaveWhenSettled(call: Promise<unknown>): void {
    call.then(this.leaveOne, this.leaveOne);
  }

  private readonly leaveOne = (): void => this.leave();

  /** Refuses new calls from now on; true when every running call ended within `timeoutMs`. */
  drain(timeoutMs: number): Promise<boolean> {
    this.draining = true;
    if (this.running === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      timer.unref?.();
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  private leave(): void {
    this.running -= 1;
    if (this.running > 0 || this.waiters.length === 0) return;
    for (const wake of this.waiters.splice(0)) wake();
  }
}
