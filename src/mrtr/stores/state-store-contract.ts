import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { StateStore } from './state-store.js';

export interface StateStoreContractHarness {
  /** A fresh store whose keys cannot meet those of other tests (e.g. a unique key prefix). */
  create(): StateStore | Promise<StateStore>;
  /** Lets `ms` pass as the store sees it: advance a fake clock, or really wait. */
  elapse(ms: number): void | Promise<void>;
  /** TTL for the expiry cases; a store on real time wants a few tens of ms. Default 50. */
  shortTtlMs?: number;
  /** Another store on the same records, as a second replica sees them; left out for a one-process store. */
  sibling?(store: StateStore): StateStore | Promise<StateStore>;
  /** Makes the store lose every record, as a flush or a restart without persistence does. */
  forget?(store: StateStore): Promise<void>;
}

const LONG_TTL_MS = 60_000;

/**
 * The behaviour every {@link StateStore} adapter must share. Call it inside a spec with a harness for the
 * adapter; each adapter spec then proves the same cases, so the memory store and Redis behave alike.
 */
export function describeStateStoreContract(name: string, harness: StateStoreContractHarness): void {
  const shortTtlMs = harness.shortTtlMs ?? 50;

  describe(`${name} (StateStore contract)`, () => {
    let store: StateStore;

    beforeEach(async () => {
      store = await harness.create();
    });

    afterEach(async () => {
      await store.close?.();
    });

    it('returns undefined for a key never written', async () => {
      await expect(store.get('never-written')).resolves.toBeUndefined();
    });

    it('stores a value and replaces it on set', async () => {
      await store.set('k', 'first', LONG_TTL_MS);
      await expect(store.get('k')).resolves.toBe('first');
      await store.set('k', 'second', LONG_TTL_MS);
      await expect(store.get('k')).resolves.toBe('second');
    });

    it('keeps values exactly, including the empty string and non-ASCII text', async () => {
      const values = ['', ' spaced ', 'ünïcødé ✓ 🚀', '{"json":[1,2,3]}', 'x'.repeat(10_000)];
      for (const [index, value] of values.entries()) await store.set(`v-${index}`, value, LONG_TTL_MS);
      for (const [index, value] of values.entries())
        await expect(store.get(`v-${index}`)).resolves.toBe(value);
    });

    it('keeps keys apart, including keys with separators and non-ASCII text', async () => {
      const keys = ['a', 'a:b', 'a:b:c', 'with space', 'ключ', 'A'];
      for (const key of keys) await store.set(key, `value of ${key}`, LONG_TTL_MS);
      for (const key of keys) await expect(store.get(key)).resolves.toBe(`value of ${key}`);
    });

    it('setIfAbsent stores only when the key is absent and reports whether it did', async () => {
      await expect(store.setIfAbsent('once', 'winner', LONG_TTL_MS)).resolves.toBe(true);
      await expect(store.setIfAbsent('once', 'loser', LONG_TTL_MS)).resolves.toBe(false);
      await expect(store.get('once')).resolves.toBe('winner');
    });

    it('setIfAbsent does not take a key that set wrote', async () => {
      await store.set('taken', 'by set', LONG_TTL_MS);
      await expect(store.setIfAbsent('taken', 'other', LONG_TTL_MS)).resolves.toBe(false);
      await expect(store.get('taken')).resolves.toBe('by set');
    });

    it('setIfAbsent lets exactly one of many concurrent callers win', async () => {
      const contenders = Array.from({ length: 25 }, (_, index) => `contender-${index}`);
      const results = await Promise.all(
        contenders.map((value) => store.setIfAbsent('race', value, LONG_TTL_MS)),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      await expect(store.get('race')).resolves.toBe(contenders[results.indexOf(true)]);
    });

    it('compareAndSet replaces only while the live value is the expected one', async () => {
      await store.set('lease', 'mine', LONG_TTL_MS);
      await expect(store.compareAndSet('lease', 'theirs', 'stolen', LONG_TTL_MS)).resolves.toBe(false);
      await expect(store.get('lease')).resolves.toBe('mine');
      await expect(store.compareAndSet('lease', 'mine', 'done', LONG_TTL_MS)).resolves.toBe(true);
      await expect(store.get('lease')).resolves.toBe('done');
      await expect(store.compareAndSet('absent', 'mine', 'x', LONG_TTL_MS)).resolves.toBe(false);
      await expect(store.get('absent')).resolves.toBeUndefined();
    });

    it('compareAndSet restarts the TTL, so a renewed lease outlives its first term', async () => {
      await store.set('renew', 'lease', shortTtlMs);
      await expect(store.compareAndSet('renew', 'lease', 'lease', LONG_TTL_MS)).resolves.toBe(true);
      await harness.elapse(shortTtlMs * 3);
      await expect(store.get('renew')).resolves.toBe('lease');
    });

    it('compareAndSet does not revive an expired value', async () => {
      await store.set('lapsed', 'lease', shortTtlMs);
      await harness.elapse(shortTtlMs * 3);
      await expect(store.compareAndSet('lapsed', 'lease', 'late', LONG_TTL_MS)).resolves.toBe(false);
      await expect(store.get('lapsed')).resolves.toBeUndefined();
    });

    it('compareAndDelete removes only while the live value is the expected one', async () => {
      await store.set('claim', 'mine', LONG_TTL_MS);
      await expect(store.compareAndDelete('claim', 'theirs')).resolves.toBe(false);
      await expect(store.get('claim')).resolves.toBe('mine');
      await expect(store.compareAndDelete('claim', 'mine')).resolves.toBe(true);
      await expect(store.get('claim')).resolves.toBeUndefined();
      await expect(store.compareAndDelete('claim', 'mine')).resolves.toBe(false);
    });

    it('compareAndSet lets exactly one of many concurrent callers win', async () => {
      await store.set('contested', 'v0', LONG_TTL_MS);
      const results = await Promise.all(
        Array.from({ length: 25 }, (_, index) =>
          store.compareAndSet('contested', 'v0', `v${index + 1}`, LONG_TTL_MS),
        ),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('deletes a key, and deleting an absent key is fine', async () => {
      await store.set('doomed', 'x', LONG_TTL_MS);
      await store.delete('doomed');
      await expect(store.get('doomed')).resolves.toBeUndefined();
      await expect(store.delete('doomed')).resolves.toBeUndefined();
      await expect(store.setIfAbsent('doomed', 'again', LONG_TTL_MS)).resolves.toBe(true);
    });

    it('forgets a value once its TTL has passed, freeing the key for setIfAbsent', async () => {
      await store.setIfAbsent('short', 'x', shortTtlMs);
      await store.set('long', 'y', LONG_TTL_MS);
      await harness.elapse(shortTtlMs * 3);
      await expect(store.get('short')).resolves.toBeUndefined();
      await expect(store.get('long')).resolves.toBe('y');
      await expect(store.setIfAbsent('short', 'fresh', LONG_TTL_MS)).resolves.toBe(true);
      await expect(store.get('short')).resolves.toBe('fresh');
    });

    it('restarts the TTL when set replaces a value', async () => {
      await store.set('renewed', 'old', shortTtlMs);
      await store.set('renewed', 'new', LONG_TTL_MS);
      await harness.elapse(shortTtlMs * 3);
      await expect(store.get('renewed')).resolves.toBe('new');
    });

    it('accepts a fractional TTL (rounded up)', async () => {
      await expect(store.set('fraction', 'x', 1500.5)).resolves.toBeUndefined();
      await expect(store.get('fraction')).resolves.toBe('x');
    });

    describe('generation', () => {
      it('is one id for the store, the same on every read', async () => {
        const generation = await store.generation!();
        expect(generation).toMatch(/^[A-Za-z0-9_-]{8,}$/);
        await expect(store.generation!()).resolves.toBe(generation);
      });

      it('claims an absent key in the live generation, and finds a present key in any', async () => {
        const generation = await store.generation!();
        await expect(store.setIfAbsentInGeneration!('g', 'first', LONG_TTL_MS, generation)).resolves.toBe(
          'stored',
        );
        await expect(store.setIfAbsentInGeneration!('g', 'second', LONG_TTL_MS, generation)).resolves.toBe(
          'present',
        );
        await expect(store.setIfAbsentInGeneration!('g', 'third', LONG_TTL_MS, 'other')).resolves.toBe(
          'present',
        );
        await expect(store.get('g')).resolves.toBe('first');
      });

      it('stores nothing for an earlier generation when the key is absent, and names the live one', async () => {
        const generation = await store.generation!();
        await expect(
          store.setIfAbsentInGeneration!('absent', 'x', LONG_TTL_MS, 'an-earlier-generation'),
        ).resolves.toStrictEqual({ forgotten: generation });
        await expect(store.get('absent')).resolves.toBeUndefined();
      });

      it('is shared by another store on the same records', async () => {
        if (harness.sibling === undefined) return;
        const sibling = await harness.sibling(store);
        try {
          await expect(sibling.generation!()).resolves.toBe(await store.generation!());
        } finally {
          await sibling.close?.();
        }
      });

      it('moves on when the store loses its records, so claims issued before are refused', async () => {
        if (harness.forget === undefined) return;
        const before = await store.generation!();
        await store.set('kept', 'x', LONG_TTL_MS);
        await harness.forget(store);
        const claim = await store.setIfAbsentInGeneration!('kept', 'again', LONG_TTL_MS, before);
        expect(claim).not.toBe('stored');
        expect(claim).not.toBe('present');
        await expect(store.get('kept')).resolves.toBeUndefined();
        const after = await store.generation!();
        expect(after).not.toBe(before);
        await expect(store.setIfAbsentInGeneration!('kept', 'new', LONG_TTL_MS, after)).resolves.toBe(
          'stored',
        );
      });
    });

    it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])(
      'rejects the TTL %p without storing',
      async (ttl) => {
        await expect(store.set('bad-ttl', 'x', ttl)).rejects.toThrow(RangeError);
        await expect(store.setIfAbsent('bad-ttl', 'x', ttl)).rejects.toThrow(RangeError);
        await expect(store.compareAndSet('bad-ttl', 'x', 'y', ttl)).rejects.toThrow(RangeError);
        await expect(store.get('bad-ttl')).resolves.toBeUndefined();
      },
    );
  });
}
