import { describe, expect, it } from '@jest/globals';
import { systemClock } from './clock.js';
import { FakeClock } from './fake-clock.js';

describe('FakeClock', () => {
  it('starts at a fixed instant and moves only when told', () => {
    const clock = new FakeClock();
    expect(clock.now()).toBe(FakeClock.DEFAULT_START_MS);
    expect(clock.advance(1500).now()).toBe(FakeClock.DEFAULT_START_MS + 1500);
    expect(clock.set(42).now()).toBe(42);
    expect(new FakeClock(7).now()).toBe(7);
  });

  it('refuses to go backwards with advance, and refuses non-finite times', () => {
    const clock = new FakeClock();
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(() => clock.advance(Number.NaN)).toThrow(RangeError);
    expect(() => clock.set(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('systemClock', () => {
  it('reads the wall clock', () => {
    const before = Date.now();
    const now = systemClock.now();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });
});
