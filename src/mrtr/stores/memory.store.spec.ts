import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { FakeClock } from '../../shared/fake-clock.js';
import { MemoryStateStore } from './memory.store.js';
import { describeStateStoreContract } from './state-store-contract.js';

describe('MemoryStateStore', () => {
  let contractClock = new FakeClock();
  describeStateStoreContract('MemoryStateStore', {
    create: () => {
      contractClock = new FakeClock();
      return new MemoryStateStore({ clock: contractClock });
    },
    elapse: (ms) => void contractClock.advance(ms),
  });

  it('keeps a value through the last millisecond of its TTL and drops it after, as Redis does', async () => {
    const clock = new FakeClock();
    const store = new MemoryStateStore({ clock });
    await store.set('k', 'v', 1000);
    clock.advance(1000);
    await expect(store.get('k')).resolves.toBe('v');
    await expect(store.setIfAbsent('k', 'other', 1000)).resolves.toBe(false);
    clock.advance(1);
    await expect(store.get('k')).resolves.toBe(undefined);
  });

  it('drops an expired entry when it is read', async () => {
    const clock = new FakeClock();
    const store = new MemoryStateStore({ clock });
    await store.set('k', 'v', 10);
    clock.advance(11);
    expect(store.size).toBe(1);
    await store.get('k');
    expect(store.size).toBe(0);
  });

  it('holds at most maxEntries, dropping the least recently used and telling onEvict', async () => {
    const evicted: string[] = [];
    const store = new MemoryStateStore({ maxEntries: 3, onEvict: (key) => evicted.push(key) });
    for (const key of ['a', 'b', 'c']) await store.set(key, key, 60_000);
    await store.get('a');
    await store.set('d', 'd', 60_000);
    expect(store.size).toBe(3);
    expect(evicted).toStrictEqual(['b']);
    await expect(store.get('b')).resolves.toBeUndefined();
    await expect(store.get('a')).resolves.toBe('a');
  });

  it('stays bounded under a flood of distinct keys', async () => {
    const store = new MemoryStateStore({ maxEntries: 1000 });
    for (let i = 0; i < 10_000; i++) await store.setIfAbsent(`flood-${i}`, 'x', 60_000);
    expect(store.size).toBe(1000);
  });

  it('holds at most maxBytes of keys and values, dropping the least recently used and telling onEvict', async () => {
    const evicted: string[] = [];
    const value = 'v'.repeat(1000);
    // Each entry counts its key, its value and 360 bytes of overhead: three fit in 4,100 bytes, not four.
    const store = new MemoryStateStore({ maxBytes: 4100, onEvict: (key) => evicted.push(key) });
    for (const key of ['a', 'b', 'c']) await store.set(key, value, 60_000);
    await store.get('a');
    await store.set('d', value, 60_000);
    expect(store.size).toBe(3);
    expect(evicted).toStrictEqual(['b']);
    await expect(store.get('a')).resolves.toBe(value);
    await expect(store.get('d')).resolves.toBe(value);
  });

  it('keeps the default store bounded when every record is a large final result', async () => {
    const store = new MemoryStateStore();
    const megabyte = 'r'.repeat(1024 * 1024);
    for (let i = 0; i < 100; i++) await store.setIfAbsent(`final:${i}`, megabyte, 60_000);
    // 32 MiB by default: each record counts a little over 1 MiB, so 31 fit, however many entries are allowed.
    expect(store.size).toBe(31);
    await expect(store.get('final:99')).resolves.toBe(megabyte);
    await expect(store.get('final:0')).resolves.toBeUndefined();
  });

  it('keeps an entry larger than maxBytes alone rather than refusing it', async () => {
    const store = new MemoryStateStore({ maxBytes: 1000 });
    await store.set('small', 's', 60_000);
    await expect(store.setIfAbsent('large', 'l'.repeat(5000), 60_000)).resolves.toBe(true);
    await expect(store.get('large')).resolves.toBe('l'.repeat(5000));
    expect(store.size).toBe(1);
    await store.set('next', 'n', 60_000);
    await expect(store.get('next')).resolves.toBe('n');
    await expect(store.get('large')).resolves.toBeUndefined();
  });

  it('does not tell onEvict about entries that were replaced, deleted or expired', async () => {
    const evicted: string[] = [];
    const clock = new FakeClock();
    const store = new MemoryStateStore({ clock, maxEntries: 10, onEvict: (key) => evicted.push(key) });
    await store.set('k', '1', 10);
    await store.set('k', '2', 10);
    await store.delete('k');
    await store.set('gone', 'x', 10);
    clock.advance(11);
    await store.get('gone');
    expect(evicted).toStrictEqual([]);
  });

  it('sweepExpired removes every expired entry on demand and reports how many', async () => {
    const clock = new FakeClock();
    const store = new MemoryStateStore({ clock });
    await store.set('a', '1', 10);
    await store.set('b', '2', 20);
    await store.set('c', '3', 30);
    clock.advance(21);
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

  it('refuses a cap that is not a positive integer', () => {
    expect(() => new MemoryStateStore({ maxEntries: 0 })).toThrow(RangeError);
    expect(() => new MemoryStateStore({ maxEntries: 1.5 })).toThrow(RangeError);
    expect(() => new MemoryStateStore({ maxBytes: 0 })).toThrow(/maxBytes must be a positive integer/);
    expect(() => new MemoryStateStore({ sweepIntervalMs: 0 })).toThrow(/sweepIntervalMs must be/);
  });

  describe('expiry without pressure', () => {
    afterEach(() => void jest.useRealTimers());

    it('sweeps expired entries out on its timer, so they free their memory unread', async () => {
      jest.useFakeTimers();
      const clock = new FakeClock();
      const store = new MemoryStateStore({ clock, sweepIntervalMs: 1000 });
      await store.set('short', 'x'.repeat(10_000), 500);
      await store.set('long', 'y', 5000);
      clock.advance(501);
      jest.advanceTimersByTime(1000);
      expect(store.size).toBe(1);
      expect(store.countedBytes).toBe(360 + 'long'.length + 1);
      clock.advance(5000);
      jest.advanceTimersByTime(1000);
      expect(store.size).toBe(0);
      expect(store.countedBytes).toBe(0);
      await store.close();
    });

    it('keeps every entry through its TTL whatever the sweeps', async () => {
      jest.useFakeTimers();
      const clock = new FakeClock();
      const store = new MemoryStateStore({ clock, sweepIntervalMs: 100 });
      await store.set('once:c:charge', '{"value":1}', 600_000);
      for (let elapsed = 0; elapsed < 600_000; elapsed += 100_000) {
        clock.advance(100_000);
        jest.advanceTimersByTime(100);
      }
      await expect(store.get('once:c:charge')).resolves.toBe('{"value":1}');
      await store.close();
    });

    it('stops its sweep timer on close', async () => {
      jest.useFakeTimers();
      const store = new MemoryStateStore();
      expect(jest.getTimerCount()).toBe(1);
      await store.close();
      expect(jest.getTimerCount()).toBe(0);
    });
  });

  describe('the horizon: what a cap dropped before its TTL', () => {
    it('moves past the write of a live entry a cap drops, and counts it', async () => {
      const clock = new FakeClock();
      const store = new MemoryStateStore({ clock, maxEntries: 2 });
      expect(store.keepsRecordsSince()).toBe(Number.NEGATIVE_INFINITY);
      await store.set('final:a', 'A', 60_000);
      clock.advance(10);
      const writtenB = clock.now();
      await store.set('final:b', 'B', 60_000);
      clock.advance(10);
      await store.set('final:c', 'C', 60_000);
      expect(store.keepsRecordsSince()).toBe(FakeClock.DEFAULT_START_MS + 1);
      await store.set('final:d', 'D', 60_000);
      expect(store.keepsRecordsSince()).toBe(writtenB + 1);
      expect(store.droppedLive).toBe(2);
    });

    it('stays put when a cap drops an expired entry, or one is replaced, deleted or expires', async () => {
      const clock = new FakeClock();
      const evicted: string[] = [];
      const store = new MemoryStateStore({ clock, maxEntries: 2, onEvict: (key) => evicted.push(key) });
      await store.set('lease', 'token', 100);
      await store.set('lease', 'renewed', 100);
      await store.set('gone', 'x', 60_000);
      await store.delete('gone');
      clock.advance(101);
      await store.set('final:a', 'A', 60_000);
      await store.set('final:b', 'B', 60_000);
      expect(store.size).toBe(2);
      expect(store.keepsRecordsSince()).toBe(Number.NEGATIVE_INFINITY);
      expect(store.droppedLive).toBe(0);
      expect(evicted).toStrictEqual([]);
    });

    it('remembers each dropped key with its write: only states of that call issued up to it may need it', async () => {
      const clock = new FakeClock();
      const store = new MemoryStateStore({ clock, maxEntries: 1 });
      const before = clock.now();
      expect(store.mayHaveDropped('final:a', before)).toBe(false);
      clock.advance(10);
      const writtenA = clock.now();
      await store.set('final:a', 'A', 60_000);
      clock.advance(10);
      await store.set('final:b', 'B', 60_000);
      expect(store.droppedKeysHeld).toBe(1);
      expect(store.mayHaveDropped('final:a', before)).toBe(true);
      expect(store.mayHaveDropped('final:a', writtenA)).toBe(true);
      expect(store.mayHaveDropped('final:a', writtenA + 1)).toBe(false);
      expect(store.mayHaveDropped('final:b', before)).toBe(false);
      expect(store.mayHaveDropped('once:a:charge', before)).toBe(false);
      // The store-wide bound still says a record was dropped.
      expect(store.keepsRecordsSince()).toBe(writtenA + 1);
    });

    it('folds the oldest dropped keys into one bound past maxDroppedKeys', async () => {
      const clock = new FakeClock();
      const store = new MemoryStateStore({ clock, maxEntries: 1, maxDroppedKeys: 2 });
      const issued = clock.now();
      const writes: number[] = [];
      for (const key of ['k1', 'k2', 'k3', 'k4']) {
        clock.advance(5);
        writes.push(clock.now());
        await store.set(key, 'v', 60_000);
      }
      // k1, k2 and k3 were dropped; k1 no longer fits and is folded.
      expect(store.droppedKeysHeld).toBe(2);
      expect(store.mayHaveDropped('k1', writes[0]!)).toBe(true);
      expect(store.mayHaveDropped('never-written', writes[0]!)).toBe(true);
      expect(store.mayHaveDropped('never-written', writes[0]! + 1)).toBe(false);
      expect(store.mayHaveDropped('k3', writes[2]!)).toBe(true);
      expect(store.mayHaveDropped('k3', writes[2]! + 1)).toBe(false);
      expect(store.mayHaveDropped('k4', issued)).toBe(true);
    });

    it('keeps a dropped key as long as its record could have lived, then sweeps it', async () => {
      const clock = new FakeClock();
      const store = new MemoryStateStore({ clock, maxEntries: 1 });
      const issued = clock.now();
      await store.set('final:a', 'A', 1_000);
      await store.set('final:b', 'B', 1_000);
      clock.advance(1_000);
      store.sweepExpired();
      expect(store.mayHaveDropped('final:a', issued)).toBe(true);
      clock.advance(1);
      store.sweepExpired();
      expect(store.droppedKeysHeld).toBe(0);
      expect(store.mayHaveDropped('final:a', issued)).toBe(false);
    });

    it('keeps the latest write of a key dropped twice', async () => {
      const clock = new FakeClock();
      const store = new MemoryStateStore({ clock, maxEntries: 1 });
      await store.set('answers:c', '{}', 60_000);
      await store.set('filler', 'f', 60_000);
      clock.advance(20);
      const rewritten = clock.now();
      await store.set('answers:c', '{"a":"1"}', 60_000);
      await store.set('filler', 'f', 60_000);
      expect(store.droppedKeysHeld).toBe(2);
      expect(store.mayHaveDropped('answers:c', rewritten)).toBe(true);
      expect(store.mayHaveDropped('answers:c', rewritten + 1)).toBe(false);
    });

    it('counts a record refreshed by compareAndSet from its last write', async () => {
      const clock = new FakeClock();
      const store = new MemoryStateStore({ clock, maxBytes: 1000 });
      await store.set('answers:c', '{}', 60_000);
      clock.advance(50);
      await store.compareAndSet('answers:c', '{}', '{"a":"1"}', 60_000);
      await store.set('filler', 'f'.repeat(600), 60_000);
      expect(store.keepsRecordsSince()).toBe(FakeClock.DEFAULT_START_MS + 51);
    });
  });
});
