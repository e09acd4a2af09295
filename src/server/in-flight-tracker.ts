import { ShuttingDownError } from '../errors/shutting-down.error.js';

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

  /** Runs `call` as in flight, or refuses it with `ShuttingDownError` once draining began. */
  track<T>(call: () => Promise<T>): Promise<T> {
    if (this.draining) return Promise.reject(new ShuttingDownError());
    this.running += 1;
    let promise: Promise<T>;
    try {
      promise = call();
    } catch (error) {
      this.leave();
      return Promise.reject(error);
    }
    // Watched from the side rather than wrapped (`finally` would add a promise, and rethrow each rejection).
    const leave = () => this.leave();
    promise.then(leave, leave);
    return promise;
  }

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
    if (this.running > 0) return;
    for (const wake of this.waiters.splice(0)) wake();
  }
}
