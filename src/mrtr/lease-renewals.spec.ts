import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { LeaseRenewals, type RenewableLease } from './lease-renewals.js';

function lease(): RenewableLease & { renewals: number } {
  const made = {
    renewedAt: Date.now(),
    renewals: 0,
    renew: async () => {
      made.renewals++;
    },
  };
  return made;
}

describe('LeaseRenewals', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('renews every live lease before half its term has passed, from one timer', () => {
    const renewals = new LeaseRenewals(600);
    const first = lease();
    const second = lease();
    renewals.add(first);
    renewals.add(second);
    expect(jest.getTimerCount()).toBe(1);
    jest.advanceTimersByTime(300);
    expect(first.renewals).toBe(1);
    expect(second.renewals).toBe(1);
    jest.advanceTimersByTime(300);
    expect(first.renewals).toBe(3);
  });

  it('leaves a removed lease alone and stops the timer once no lease is live', () => {
    const renewals = new LeaseRenewals(600);
    const done = lease();
    renewals.add(done);
    renewals.remove(done);
    jest.advanceTimersByTime(1_000);
    expect(done.renewals).toBe(0);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('does not renew a lease claimed less than a third of its term ago', () => {
    const renewals = new LeaseRenewals(600);
    jest.advanceTimersByTime(50);
    const fresh = lease();
    renewals.add(fresh);
    jest.advanceTimersByTime(150);
    expect(fresh.renewals).toBe(0);
  });
});
