import { describe, expect, it } from '@jest/globals';
import { FakeClock } from '../fake-clock.js';
import { MemoryStateStore } from './memory.state-store.js';
import { describeStateStoreContract } from './state-store.contract.js';

describe('MemoryStateStore', () => {
  let contractClock = new FakeClock();
  describeStateStoreContract('MemoryStateStore', {
    create: () => {
      contractClock = new FakeClock();
      return new MemoryStateStore({ clock: contractClock });
    },
    elapse: (ms) => void contractClock.advance(ms),
  });

  it('keeps a value until the last millisecond of its TTL', async () => {
    const clock = new FakeClock();
    const store = new MemoryStateStore({ clock });
    await store.set('k', 'v', 1000);
    clock.advance(999);
    await expect(store.get('k')).resolves.toBe('v');
    await expect(store.setIfAbsent('k', 'other', 1000)).resolves.toBe(false);
    clock.advance(1);
    await expect(store.get('k')).resolves.toBe(undefined);
  });

  it('drops an expired entry when it is read', async () => {
    const clock = new FakeClock();
    const store = new MemoryStateStore({ clock });
    await store.set('k', 'v', 10);
    clock.advance(10);
    expect(store.size).toBe(1);
    await store.get('k');
    expect(store.size).toBe(0);
  });

  it('sweeps expired entries on a write once the sweep interval has passed, so memory does not grow forever', async () => {
    const clock = new FakeClock();
    const store = new MemoryStateStore({ clock, sweepIntervalMs: 1000 });
    for (let i = 0; i < 100; i++) await store.set(`short-${i}`, 'x', 10);
    await store.set('long', 'y', 60_000);
    clock.advance(500);
    await store.set('mid-interval', 'z', 60_000);
    expect(store.size).toBe(102);

    clock.advance(500);
    await store.setIfAbsent('after-interval', 'w', 60_000);
    expect(store.size).toBe(3);
    await expect(store.get('long')).resolves.toBe('y');
  });

  it('sweepExpired removes every expired entry on demand and reports how many', async () => {
    const clock = new FakeClock();
    const store = new MemoryStateStore({ clock });
    await store.set('a', '1', 10);
    await store.set('b', '2', 20);
    await store.set('c', '3', 30);
    clock.advance(20);
    expect(store.sweepExpired()).toBe(2);
    expect(store.size).toBe(1);
  });

  it('close empties the store', async () => {
    const store = new MemoryStateStore();
    await store.set('k', 'v', 1000);
    await store.close();
    expect(store.size).toBe(0);
  });

  it('uses the system clock by default', async () => {
    const store = new MemoryStateStore();
    await store.set('k', 'v', 60_000);
    await expect(store.get('k')).resolves.toBe('v');
  });

  it('refuses a sweep interval that is not a positive number', () => {
    expect(() => new MemoryStateStore({ sweepIntervalMs: 0 })).toThrow(RangeError);
  });
});
