import type { Clock } from './clock.js';

/** A clock that only moves when a test moves it. Starts at a fixed instant so runs are reproducible. */
export class FakeClock implements Clock {
  static readonly DEFAULT_START_MS = Date.UTC(2026, 0, 1);

  private current: number;

  constructor(startMs: number = FakeClock.DEFAULT_START_MS) {
    this.current = FakeClock.checked(startMs);
  }

  now(): number {
    return this.current;
  }

  /** Moves time forward; moving backwards is refused because real clocks used for expiry never should. */
  advance(ms: number): this {
    if (!Number.isFinite(ms) || ms < 0)
      throw new RangeError(`FakeClock.advance needs a finite ms >= 0, got ${ms}`);
    this.current += ms;
    return this;
  }

  /** Jumps to an absolute instant (either direction), e.g. to simulate a skewed replica. */
  set(ms: number): this {
    this.current = FakeClock.checked(ms);
    return this;
  }

  private static checked(ms: number): number {
    if (!Number.isFinite(ms)) throw new RangeError(`FakeClock needs a finite time in ms, got ${ms}`);
    return ms;
  }
}
